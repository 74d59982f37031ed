import { type IntegrationInput, integrationInputSchema } from "@timetrap/domain";

/** The services connected through the credentials modal (spec part 1 §2, §5): Paymo and Jira. */
export type CredentialsService = "paymo" | "jira";

export function isCredentialsService(service: string): service is CredentialsService {
  return service === "paymo" || service === "jira";
}

export interface CredentialsValues {
  /** Paymo's API key, or Jira's API token. */
  apiKey: string;
  /** Jira: the Atlassian account's e-mail. */
  email: string;
  /** Jira: the site, `your-team.atlassian.net`. */
  domain: string;
}

export type CredentialsField = keyof CredentialsValues;
export type CredentialsError = "email" | "domain";
export type CredentialsErrors = Partial<Record<CredentialsField, CredentialsError>>;

export const emptyCredentials: CredentialsValues = { apiKey: "", email: "", domain: "" };

/** Spec §5: Paymo needs an API key; Jira needs the account e-mail, the domain and the API key. */
export function credentialsFieldsOf(service: CredentialsService): CredentialsField[] {
  return service === "paymo" ? ["apiKey"] : ["email", "domain", "apiKey"];
}

/** The connect button waits for every field the service needs (spec §5: no other client-side bound is shown). */
export function credentialsComplete(service: CredentialsService, values: CredentialsValues): boolean {
  return credentialsFieldsOf(service).every((field) => values[field].trim() !== "");
}

// Labels of letters, digits and hyphens (neither first nor last), dot-separated, ending in a top-level part of two or
// more letters; a port may follow.
const sitePattern = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?$/;

/**
 * The site of a Jira domain as typed, or null when it does not have the shape of a site address. The address copied
 * from the browser is taken too: its scheme, its path and a trailing slash are dropped (`https://acme.atlassian.net/`
 * is `acme.atlassian.net`), since the server names the site by its host. Case-insensitive.
 */
export function siteOf(value: string): string | null {
  const typed = value.trim().toLowerCase();
  const withoutScheme = typed.replace(/^https?:\/\//, "");
  const host = withoutScheme.split(/[/?#]/, 1)[0] ?? "";
  if (host.length === 0 || host.length > 253 || !sitePattern.test(host)) return null;
  // What follows the host must be a path at most: a user name ("me@site") or spaces are not part of a site address.
  if (withoutScheme.slice(host.length) !== "" && !/^[/?#]/.test(withoutScheme.slice(host.length))) return null;
  return host;
}

/** What the server is sent: the spec's `{user_id, service, auth_token, token_type, metadata}`. */
export function integrationInputOf(
  userId: string,
  service: CredentialsService,
  values: CredentialsValues,
): IntegrationInput {
  if (service === "paymo") {
    return { user_id: userId, service, auth_token: values.apiKey.trim(), token_type: "APIKEY", metadata: {} };
  }
  return {
    user_id: userId,
    service,
    auth_token: values.apiKey.trim(),
    // Spec §7: the issue tracker's credentials are sent as Basic, the e-mail and key encoded (by the server).
    token_type: "Basic",
    metadata: { email: values.email.trim(), domain: siteOf(values.domain) ?? values.domain.trim() },
  };
}

/**
 * The fields whose value cannot be right, by the schema the server checks the call with (the e-mail) and the shape of
 * a site address (the domain). Empty fields are not errors here: the connect button waits for them.
 */
export function credentialsErrors(
  userId: string,
  service: CredentialsService,
  values: CredentialsValues,
): CredentialsErrors {
  const errors: CredentialsErrors = {};
  if (service !== "jira") return errors;
  if (values.domain.trim() !== "" && siteOf(values.domain) === null) errors.domain = "domain";
  if (values.email.trim() !== "") {
    const parsed = integrationInputSchema.safeParse(integrationInputOf(userId, service, values));
    if (!parsed.success && parsed.error.issues.some((issue) => issue.path.join(".") === "metadata.email")) {
      errors.email = "email";
    }
  }
  return errors;
}
