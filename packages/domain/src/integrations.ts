import { z } from "zod";
import { isUnitBlocked, type PlanConfigEntry } from "./plans.js";

/**
 * Spec part 1 §1 and §2 "Integrations page and profile": the outside services a person can connect, and how each one
 * connects. `timetrap` is the product's own source, never an integration.
 */
export const integrationServices = ["gcalendar", "todoist", "asana", "paymo", "jira"] as const;
export type IntegrationService = (typeof integrationServices)[number];
export const integrationServiceSchema = z.enum(integrationServices);

/** The authorization redirect (OAuth 2), or the credentials modal (an API key; e-mail, domain and key for Jira). */
export type IntegrationConnection = "redirect" | "credentials";
export const integrationConnectionOf: Record<IntegrationService, IntegrationConnection> = {
  gcalendar: "redirect",
  todoist: "redirect",
  asana: "redirect",
  paymo: "credentials",
  jira: "credentials",
};

/** `needs_reconnect`: the service refused the stored refresh token (or the key); the person must connect again. */
export const integrationStatuses = ["active", "needs_reconnect"] as const;
export type IntegrationStatus = (typeof integrationStatuses)[number];

/** Spec §3 "Integration enabling": a bearer token from OAuth, an API key, or Basic (Jira's e-mail and token). */
export const integrationTokenTypes = ["Bearer", "APIKEY", "Basic"] as const;
export type IntegrationTokenType = (typeof integrationTokenTypes)[number];

/**
 * Why a service cannot be connected on this server: `not_configured` (its client id or secret is not set),
 * `not_yet_available` (its connector is not part of this version).
 */
export const integrationUnavailableReasons = ["not_configured", "not_yet_available"] as const;
export type IntegrationUnavailableReason = (typeof integrationUnavailableReasons)[number];

/** What the store keeps beside a credential that may be shown; the API answers it with nulls for what is missing. */
export interface IntegrationMetadata {
  account_email?: string;
  domain?: string;
  scopes?: string[];
}

/** One connected service of a person, as the API shows it: never its credential. */
export const integrationSchema = z.object({
  service: integrationServiceSchema,
  status: z.enum(integrationStatuses),
  token_type: z.enum(integrationTokenTypes),
  /** When the stored access token expires (epoch ms); null for keys that do not expire. */
  expires_at: z.number().int().nullable(),
  /** What may be shown: the outside account's e-mail, the Jira site, the scopes granted. Never a secret. */
  metadata: z.object({
    account_email: z.string().nullable(),
    domain: z.string().nullable(),
    scopes: z.array(z.string()),
  }),
  /** The last failure talking to the service ("Google Calendar API: Invalid Credentials"), or null. */
  last_error: z.string().nullable(),
  /** Whether the time of a completed block from this service is written back to it (Todoist, Asana, Paymo, Jira). */
  write_back: z.boolean(),
  created_at: z.number().int(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** One service on the integrations page: how it connects, whether it can here, and the person's integration. */
export const integrationServiceStateSchema = z.object({
  service: integrationServiceSchema,
  connection: z.enum(["redirect", "credentials"]),
  available: z.boolean(),
  unavailable_reason: z.enum(integrationUnavailableReasons).nullable(),
  /** The calendar service of a person who signs in with Google: once connected it stays on (spec: toggle disabled). */
  always_on: z.boolean(),
  integration: integrationSchema.nullable(),
});
export type IntegrationServiceState = z.infer<typeof integrationServiceStateSchema>;

/** `GET user/{id}/integrations`. */
export const userIntegrationsSchema = z.object({
  services: z.array(integrationServiceStateSchema),
  /** The plan's INTEGRATION unit for this person: how many they have and whether one more is refused. */
  limit: z.object({
    used: z.number().int().min(0),
    tier_limit: z.number().int().min(0).nullable(),
    blocked: z.boolean(),
  }),
});
export type UserIntegrations = z.infer<typeof userIntegrationsSchema>;

/**
 * A site's address as a person types it ("acme.atlassian.net", "https://Acme.atlassian.net/jira/your-work"): the host
 * in lower case, with its port when it names one other than the scheme's, without scheme, path, query or trailing dot.
 * A text that is no address comes back as typed (trimmed), for {@link siteAddressPattern} to refuse.
 */
export function normalizeSiteAddress(value: string): string {
  const typed = value.trim();
  let text = typed.toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//.exec(text);
  if (scheme) {
    if (scheme[1] !== "http" && scheme[1] !== "https") return typed;
    text = text.slice(scheme[0].length);
  }
  text = text.split(/[/?#]/)[0] ?? "";
  if (text.includes("@")) return typed;
  const [, name = "", port] = /^(.*?)(?::(\d+))?$/.exec(text) ?? [];
  const host = name.replace(/\.$/, "");
  const defaultPort = scheme?.[1] === "http" ? "80" : "443";
  return port === undefined || port === defaultPort ? host : `${host}:${port}`;
}

/** Spec §5: the issue tracker's domain has the shape of a site address: a host name (or an IPv4 address) and a port. */
export const siteAddressPattern =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?$/;

/** A Jira site, normalized (lower case, no scheme or path): `acme.atlassian.net`. */
export const jiraSiteSchema = z
  .string()
  .trim()
  .min(1, "The Jira site is required")
  .max(300)
  .overwrite(normalizeSiteAddress)
  .regex(siteAddressPattern, "The Jira site must be an address such as acme.atlassian.net")
  .describe("The Jira site's address, such as acme.atlassian.net (a scheme or path given is dropped)");

const integrationUserIdSchema = z.uuid().optional().describe("The person's id, as in the path; may be left out");
const credentialSchema = z.string().trim().min(1, "The credential is required").max(4096);
const accountEmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Invalid email address" }));

/**
 * `POST user/{id}/integration` (spec §7): the credentials services' key, one shape per service so that the document
 * tells each one's rules. Paymo: the API key (sent as Basic `KEY:X`), `token_type` APIKEY. Jira: the API token, the
 * account's e-mail and the site (sent as Basic `email:token`), `token_type` Basic. The OAuth services connect through
 * `GET connect/{service}` instead; posting one of them is a 400 naming that route.
 */
export const integrationInputSchema = z.discriminatedUnion("service", [
  z.object({
    user_id: integrationUserIdSchema,
    service: z.literal("paymo"),
    auth_token: credentialSchema.describe("Paymo's API key (Paymo: My account, API keys)"),
    token_type: z.literal("APIKEY").default("APIKEY"),
    metadata: z.object({}).default({}),
  }),
  z.object({
    user_id: integrationUserIdSchema,
    service: z.literal("jira"),
    auth_token: credentialSchema.describe("An API token of the Atlassian account (id.atlassian.com, Security)"),
    token_type: z.literal("Basic").default("Basic"),
    metadata: z.object({
      email: accountEmailSchema.describe("The Atlassian account's e-mail"),
      domain: jiraSiteSchema,
    }),
  }),
  z.object({
    user_id: integrationUserIdSchema,
    service: z.enum(["gcalendar", "todoist", "asana"]),
    auth_token: credentialSchema,
    token_type: z.enum(integrationTokenTypes).default("APIKEY"),
    metadata: z
      .object({
        email: accountEmailSchema.optional(),
        domain: z.string().trim().min(1).max(253).optional(),
      })
      .default({}),
  }),
]);
export type IntegrationInput = z.infer<typeof integrationInputSchema>;

/** `GET connect/{service}`: where to send the browser; the `state` in it is single-use and lives 10 minutes. */
export const connectAnswerSchema = z.object({ url: z.url() });
export type ConnectAnswer = z.infer<typeof connectAnswerSchema>;

export const oauthStateLifetimeSeconds = 600;

/**
 * What the OAuth callback tells the integrations page, in `?connected={service}` or `?error={code}&service={service}`.
 */
export const connectErrorCodes = [
  "access_denied",
  "invalid_state",
  "expired_state",
  "exchange_failed",
  "limit_reached",
  "not_configured",
] as const;
export type ConnectErrorCode = (typeof connectErrorCodes)[number];

/**
 * The plan's INTEGRATION unit (ARCHITECTURE.md "Plans": 2 per person on free): may this person connect `service`?
 * Reconnecting a service they already have never counts as one more.
 */
export function mayConnectIntegration(
  config: readonly PlanConfigEntry[] | null | undefined,
  connected: readonly IntegrationService[],
  service: IntegrationService,
): boolean {
  if (connected.includes(service)) return true;
  return !isUnitBlocked(config, "INTEGRATION", connected.length);
}

// ---------------------------------------------------------------------------------------------------------------
// Google Calendar (spec §3 "External calendar", "Calendar-service event fields read"; INTEGRATIONS.md §5)

/** Spec §9: the calendar service's max results; every page is followed up to it. */
export const calendarServiceMaxResults = 9999;
/** Spec §9: the access token's lifetime when the service does not say (seconds). */
export const calendarServiceTokenLifetimeSeconds = 3300;

export const googleCalendarSchema = z.object({
  id: z.string(),
  summary: z.string(),
  /** `#rrggbb`, the calendar's colour in Google. */
  background_color: z.string(),
  foreground_color: z.string(),
  primary: z.boolean(),
  access_role: z.string(),
  time_zone: z.string().nullable(),
});
export type GoogleCalendar = z.infer<typeof googleCalendarSchema>;

/** `GET connect/gcalendar/calendars`. */
export const googleCalendarsAnswerSchema = z.object({ calendars: z.array(googleCalendarSchema) });

/**
 * A query's range of instants, `start_time` and `end_time` (epoch ms), with the query's other fields: the end after the
 * start, at most 400 days apart.
 */
export function instantRangeQuerySchema<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .object({
      start_time: z.coerce.number().int().min(0),
      end_time: z.coerce.number().int().min(0),
      ...fields,
    })
    .refine((query) => spanOf(query) > 0, { message: "end_time must be after start_time", path: ["end_time"] })
    .refine((query) => spanOf(query) <= 400 * 86_400_000, {
      message: "The range may cover at most 400 days",
      path: ["end_time"],
    });
}

/** The range's length in ms (the generic query's fields are numbers by the schema above). */
function spanOf(query: unknown): number {
  const { start_time, end_time } = query as { start_time: number; end_time: number };
  return end_time - start_time;
}

/** `GET connect/gcalendar/events?start_time&end_time&calendar_id=...` (instants in epoch ms; one or more calendars). */
export const googleEventsQuerySchema = instantRangeQuerySchema({
  calendar_id: z.preprocess(
    (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
    z.array(z.string().min(1).max(1024)).min(1, "At least one calendar_id is required").max(50),
  ),
});

/**
 * One event of a Google calendar, as the board draws it. Timed events carry instants; all-day events carry their
 * dates too (`end_date` exclusive, as Google's) and instants at the dates' midnights in the calendar's zone.
 */
export const googleEventSchema = z.object({
  id: z.string(),
  calendar_id: z.string(),
  summary: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  html_link: z.string().nullable(),
  all_day: z.boolean(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The calendar's colour. */
  color: z.string(),
  recurring_event_id: z.string().nullable(),
});
export type GoogleEvent = z.infer<typeof googleEventSchema>;

export const googleEventsAnswerSchema = z.object({ events: z.array(googleEventSchema) });

/** `PATCH connect/gcalendar/calendars/{calendarId}/events/{eventId}`: sent to Google with `sendUpdates=none`. */
export const googleEventPatchSchema = z
  .object({
    summary: z.string().trim().max(1024).optional(),
    start_time: z.number().int().min(0).optional(),
    end_time: z.number().int().min(0).optional(),
  })
  .refine((patch) => patch.summary !== undefined || patch.start_time !== undefined, {
    message: "Nothing to change: send summary, or start_time and end_time",
    path: ["summary"],
  })
  .refine((patch) => (patch.start_time === undefined) === (patch.end_time === undefined), {
    message: "start_time and end_time are changed together",
    path: ["end_time"],
  })
  .refine((patch) => patch.start_time === undefined || (patch.end_time ?? 0) > patch.start_time, {
    message: "end_time must be after start_time",
    path: ["end_time"],
  });
export type GoogleEventPatch = z.infer<typeof googleEventPatchSchema>;

/**
 * Drops the events the person declined (the attendee with `self` answered `declined`) and the cancelled ones.
 * Spec §7: "excluding events the user declined".
 */
export function isShownGoogleEvent(event: {
  status?: string | undefined;
  attendees?: ReadonlyArray<{ self?: boolean | undefined; responseStatus?: string | undefined }> | undefined;
}): boolean {
  if (event.status === "cancelled") return false;
  return !event.attendees?.some((attendee) => attendee.self === true && attendee.responseStatus === "declined");
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar feed (beyond the spec; decision 029)

/** `GET`/`POST user/{id}/calendar-feed`: the feed's address while it is on. */
export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  url: z.url().nullable(),
  created_at: z.number().int().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The feed covers the blocks of the last 30 days and of the next 180. */
export const calendarFeedDaysBack = 30;
export const calendarFeedDaysAhead = 180;
