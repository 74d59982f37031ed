import { type IntegrationInput, integrationInputSchema, normalizeSiteAddress } from "@timetrap/domain";

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
    // The address copied from the browser is taken too: its scheme and path are dropped, as the server does.
    metadata: { email: values.email.trim(), domain: normalizeSiteAddress(values.domain) },
  };
}

/**
 * The fields whose value cannot be right, by the schema the server checks the call with: the e-mail's shape, and the
 * domain's, a site address (spec §5). Empty fields are not errors here: the connect button waits for them.
 */
export function credentialsErrors(
  userId: string,
  service: CredentialsService,
  values: CredentialsValues,
): CredentialsErrors {
  const errors: CredentialsErrors = {};
  if (service !== "jira") return errors;
  const parsed = integrationInputSchema.safeParse(integrationInputOf(userId, service, values));
  if (parsed.success) return errors;
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path.join(".")));
  if (values.email.trim() !== "" && wrong.has("metadata.email")) errors.email = "email";
  if (values.domain.trim() !== "" && wrong.has("metadata.domain")) errors.domain = "domain";
  return errors;
}
