import {
  type ConnectErrorCode,
  connectErrorCodes,
  type IntegrationService,
  integrationServices,
} from "@timetrap/domain";

/**
 * How the OAuth callback sent the browser back (decision 029): `?connected={service}`, or
 * `?service={service}&error={code}`. A code or a service this version does not know is told as a failure all the same,
 * without its particulars.
 */
export type ConnectOutcome =
  | { kind: "connected"; service: IntegrationService }
  | { kind: "failed"; service: IntegrationService | null; code: ConnectErrorCode | null };

/** The parameters the callback adds, taken off the address once told. */
export const connectOutcomeParams = ["connected", "service", "error"] as const;

const asService = (value: string | null): IntegrationService | null =>
  integrationServices.find((service) => service === value) ?? null;

export function readConnectOutcome(search: URLSearchParams): ConnectOutcome | null {
  const error = search.get("error");
  if (error !== null) {
    const code = connectErrorCodes.find((known) => known === error) ?? null;
    return { kind: "failed", service: asService(search.get("service")), code };
  }
  const connected = asService(search.get("connected"));
  return connected ? { kind: "connected", service: connected } : null;
}

/** The address without the callback's parameters, the page's own ones kept. */
export function withoutConnectOutcome(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of connectOutcomeParams) rest.delete(name);
  return rest;
}
