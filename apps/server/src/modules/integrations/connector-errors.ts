import { ConnectorError } from "../../connectors/http-client.js";
import { AppError } from "../../http/app-error.js";

/**
 * What the API answers for an outside service's failure (decision 029, "Errors from an outside service"). Each message
 * is the connector's, which starts with the service's name ("Google Calendar API: Rate Limit Exceeded") and never
 * carries a credential. A 401 is not here: it is retried once with a fresh token, then means reconnecting.
 */
export function appErrorOf(error: ConnectorError): AppError {
  switch (error.kind) {
    case "rate_limited":
      return new AppError("UPSTREAM_RATE_LIMITED", error.message);
    case "timeout":
      return new AppError("UPSTREAM_TIMEOUT", error.message);
    case "upstream":
      return new AppError("UPSTREAM_ERROR", error.message);
    case "not_found":
      return new AppError("NOT_FOUND", error.message);
    case "forbidden":
      return new AppError("FORBIDDEN", error.message);
    case "client":
      return new AppError("BAD_REQUEST", error.message);
    case "unauthorized":
      return new AppError("INTEGRATION_NEEDS_RECONNECT", error.message);
  }
}

export const isConnectorError = (error: unknown): error is ConnectorError => error instanceof ConnectorError;

/**
 * Whether a failure says something about the integration itself, worth keeping as its last error on the integrations
 * page: the service refusing, limiting or failing. A missing event or a refused change is about the one request.
 */
export function concernsIntegration(error: ConnectorError): boolean {
  return error.kind !== "not_found" && error.kind !== "client";
}
