import {
  calendarServiceMaxResults,
  calendarServiceTokenLifetimeSeconds,
  type GoogleCalendar,
  type GoogleEvent,
  type GoogleEventPatch,
  instantAt,
  isShownGoogleEvent,
  isTimeZone,
  zoneOffsetAt,
} from "@timetrap/domain";
import { z } from "zod";
import {
  bearer,
  classifyOAuthGrant,
  clientSettingsOf,
  type OAuthConnectorConfig,
  oauthClientOf,
  parsed,
  readOAuthError,
  textMessage,
} from "./connector-kit.js";
import { ConnectorError, createConnectorClient } from "./http-client.js";

/**
 * Google's OAuth 2 web-server flow and Calendar API v3 (INTEGRATIONS.md §5, decision 029), through the connectors'
 * client: the consent page's address, the code exchange and refresh, revocation, the calendars, the events of a range
 * (every page, at most 9999, the declined and cancelled ones left out), and an event's change or removal.
 */

export const googleOAuthService = "Google";
export const googleCalendarService = "Google Calendar API";

export const googleScopes = [
  "openid",
  "email",
  "profile",
  "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
  "https://www.googleapis.com/auth/calendar.events",
];

export interface GoogleConnectorConfig extends OAuthConnectorConfig {
  revokeUrl: string;
  calendarApiUrl: string;
}

export interface GoogleTokens {
  accessToken: string;
  /** Google sends one on an offline consent's exchange; a refresh keeps the one there is (null here). */
  refreshToken: string | null;
  expiresInSeconds: number;
  scopes: string[];
  /** The Google account's e-mail, from the ID token; null when Google sent none. */
  email: string | null;
}

export interface GoogleListEventsOptions {
  calendarId: string;
  /** The calendar's colour, given to each of its events. */
  color: string;
  /** Epoch ms; an event is in the range when it ends after `timeMin` and starts before `timeMax`. */
  timeMin: number;
  timeMax: number;
  /** The zone Google answers in (and in which an all-day event's days start); the calendar's own when absent. */
  timeZone?: string;
}

export interface GoogleConnector {
  configured: boolean;
  scopes: string[];
  authorizationUrl(options: { state: string; redirectUri: string; loginHint?: string | null }): string;
  exchangeCode(options: { code: string; redirectUri: string }): Promise<GoogleTokens>;
  refresh(refreshToken: string): Promise<GoogleTokens>;
  revoke(token: string): Promise<void>;
  listCalendars(accessToken: string): Promise<GoogleCalendar[]>;
  listEvents(accessToken: string, options: GoogleListEventsOptions): Promise<GoogleEvent[]>;
  patchEvent(
    accessToken: string,
    options: { calendarId: string; eventId: string; patch: GoogleEventPatch; color: string; timeZone?: string },
  ): Promise<GoogleEvent>;
  deleteEvent(accessToken: string, options: { calendarId: string; eventId: string }): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// What Google answers (only the fields read)

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
});

const calendarListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        summary: z.string().optional(),
        summaryOverride: z.string().optional(),
        backgroundColor: z.string().optional(),
        foregroundColor: z.string().optional(),
        primary: z.boolean().optional(),
        accessRole: z.string().optional(),
        timeZone: z.string().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});

const eventTimeSchema = z.object({
  date: z.string().optional(),
  dateTime: z.string().optional(),
  timeZone: z.string().optional(),
});

const eventSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  location: z.string().optional(),
  htmlLink: z.string().optional(),
  start: eventTimeSchema.optional(),
  end: eventTimeSchema.optional(),
  recurringEventId: z.string().optional(),
  attendees: z.array(z.object({ self: z.boolean().optional(), responseStatus: z.string().optional() })).optional(),
});
type GoogleApiEvent = z.infer<typeof eventSchema>;

const eventsPageSchema = z.object({
  timeZone: z.string().optional(),
  items: z.array(eventSchema).default([]),
  nextPageToken: z.string().optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** Calendar API v3's `{error: {errors: [{reason, message}], code, message}}`. */
function readCalendarError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  const error = body !== null && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  if (error === null || typeof error !== "object") {
    return { reason: null, message: textMessage(body) };
  }
  const record = error as { errors?: unknown; message?: unknown };
  const first = Array.isArray(record.errors) ? (record.errors[0] as { reason?: unknown; message?: unknown }) : null;
  return {
    reason: typeof first?.reason === "string" ? first.reason : null,
    message:
      typeof record.message === "string" ? record.message : typeof first?.message === "string" ? first.message : null,
  };
}

const googleRateLimitReasons = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);
const isGoogleRateLimited = (status: number, reason: string | null) =>
  (status === 403 || status === 429) && reason !== null && googleRateLimitReasons.has(reason);

// ---------------------------------------------------------------------------------------------------------------
// Times

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, "0");

/** RFC 3339 with the zone's offset at that instant (`2026-03-10T09:00:00+01:00`), or `Z` without a zone. */
export function rfc3339(instant: number, timeZone?: string): string {
  if (timeZone === undefined || timeZone === "UTC" || !isTimeZone(timeZone)) {
    return new Date(instant).toISOString().replace(/\.000Z$/, "Z");
  }
  const offset = zoneOffsetAt(instant, timeZone);
  const local = new Date(instant + offset);
  const minutes = Math.round(offset / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const ms = local.getUTCMilliseconds();
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${ms ? `.${pad(ms, 3)}` : ""}${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`
  );
}

/** The instant of a `YYYY-MM-DD`'s midnight in the zone. */
function midnightOf(date: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  return instantAt(
    {
      year: Number(match[1]),
      month: Number(match[2]),
      day: Number(match[3]),
      hour: 0,
      minute: 0,
      second: 0,
      millisecond: 0,
    },
    timeZone,
  );
}

/** Google's event as the board draws it; null for one without readable times. */
function toGoogleEvent(event: GoogleApiEvent, calendarId: string, color: string, zone: string): GoogleEvent | null {
  const start = event.start;
  const end = event.end;
  if (!start || !end) return null;
  const common = {
    id: event.id,
    calendar_id: calendarId,
    summary: event.summary ?? "",
    description: event.description ?? null,
    location: event.location ?? null,
    html_link: event.htmlLink ?? null,
    color,
    recurring_event_id: event.recurringEventId ?? null,
  };
  if (start.date !== undefined && end.date !== undefined) {
    const eventZone = start.timeZone && isTimeZone(start.timeZone) ? start.timeZone : zone;
    const startTime = midnightOf(start.date, eventZone);
    const endTime = midnightOf(end.date, eventZone);
    if (startTime === null || endTime === null) return null;
    return {
      ...common,
      all_day: true,
      start_time: startTime,
      end_time: endTime,
      start_date: start.date,
      end_date: end.date,
    };
  }
  const startTime = start.dateTime === undefined ? Number.NaN : Date.parse(start.dateTime);
  const endTime = end.dateTime === undefined ? Number.NaN : Date.parse(end.dateTime);
  if (Number.isNaN(startTime) || Number.isNaN(endTime)) return null;
  return { ...common, all_day: false, start_time: startTime, end_time: endTime, start_date: null, end_date: null };
}

/** The e-mail in an ID token's payload. It came straight from Google's token endpoint over TLS: not verified again. */
function emailOfIdToken(idToken: string | undefined): string | null {
  const payload = idToken?.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof claims.email === "string" ? claims.email : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Calendar ids are e-mails or `…@group.calendar.google.com`: one path segment each. */
const calendarPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}`;
const eventPath = (calendarId: string, eventId: string) =>
  `${calendarPath(calendarId)}/events/${encodeURIComponent(eventId)}`;

/** A loop guard: Google never sends this many pages for one listing. */
const maxPages = 200;

export function createGoogleConnector(config: GoogleConnectorConfig): GoogleConnector {
  const common = clientSettingsOf(config);
  const oauthOptions = {
    ...common,
    service: googleOAuthService,
    readError: readOAuthError,
    classify: classifyOAuthGrant,
  };
  const tokenClient = createConnectorClient({ ...oauthOptions, baseUrl: config.tokenUrl });
  const revokeClient = createConnectorClient({ ...oauthOptions, baseUrl: config.revokeUrl });
  const calendar = createConnectorClient({
    ...common,
    service: googleCalendarService,
    baseUrl: config.calendarApiUrl,
    readError: readCalendarError,
    isRateLimited: isGoogleRateLimited,
  });
  const client = () => oauthClientOf(config, googleOAuthService, "Google");

  async function tokens(form: Record<string, string>): Promise<GoogleTokens> {
    const answer = parsed(
      tokenAnswerSchema,
      await tokenClient.request<unknown>({ method: "POST", path: "", form: { ...form, ...client() } }),
      googleOAuthService,
    );
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresInSeconds: answer.expires_in ?? calendarServiceTokenLifetimeSeconds,
      scopes: answer.scope ? answer.scope.split(/\s+/).filter(Boolean) : [],
      email: emailOfIdToken(answer.id_token),
    };
  }

  return {
    configured: Boolean(config.clientId && config.clientSecret),
    scopes: [...googleScopes],

    authorizationUrl({ state, redirectUri, loginHint }) {
      const url = new URL(config.authorizeUrl);
      const params: Record<string, string> = {
        response_type: "code",
        client_id: client().client_id,
        redirect_uri: redirectUri,
        scope: googleScopes.join(" "),
        state,
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
      };
      if (loginHint) params.login_hint = loginHint;
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },

    exchangeCode({ code, redirectUri }) {
      return tokens({ grant_type: "authorization_code", code, redirect_uri: redirectUri });
    },

    refresh(refreshToken) {
      return tokens({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async revoke(token) {
      await revokeClient.request<void>({ method: "POST", path: "", form: { token }, expect: "empty" });
    },

    async listCalendars(accessToken) {
      const calendars: GoogleCalendar[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < maxPages; page += 1) {
        const answer = parsed(
          calendarListSchema,
          await calendar.request<unknown>({
            method: "GET",
            path: "/users/me/calendarList",
            query: { maxResults: 250, pageToken },
            headers: bearer(accessToken),
          }),
          googleCalendarService,
        );
        for (const item of answer.items) {
          calendars.push({
            id: item.id,
            summary: item.summaryOverride ?? item.summary ?? item.id,
            background_color: item.backgroundColor ?? "#3788d8",
            foreground_color: item.foregroundColor ?? "#000000",
            primary: item.primary === true,
            access_role: item.accessRole ?? "reader",
            time_zone: item.timeZone ?? null,
          });
        }
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
      return calendars;
    },

    async listEvents(accessToken, options) {
      const events: GoogleEvent[] = [];
      let received = 0;
      let pageToken: string | undefined;
      for (let page = 0; page < maxPages && received < calendarServiceMaxResults; page += 1) {
        const answer = parsed(
          eventsPageSchema,
          await calendar.request<unknown>({
            method: "GET",
            path: `${calendarPath(options.calendarId)}/events`,
            query: {
              singleEvents: true,
              orderBy: "startTime",
              timeMin: rfc3339(options.timeMin, options.timeZone),
              timeMax: rfc3339(options.timeMax, options.timeZone),
              maxResults: Math.min(2500, calendarServiceMaxResults - received),
              timeZone: options.timeZone,
              pageToken,
            },
            headers: bearer(accessToken),
          }),
          googleCalendarService,
        );
        const zone = [answer.timeZone, options.timeZone].find((z) => z !== undefined && isTimeZone(z)) ?? "UTC";
        for (const item of answer.items.slice(0, calendarServiceMaxResults - received)) {
          received += 1;
          if (!isShownGoogleEvent(item)) continue;
          const event = toGoogleEvent(item, options.calendarId, options.color, zone);
          if (event) events.push(event);
        }
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
      return events;
    },

    async patchEvent(accessToken, { calendarId, eventId, patch, color, timeZone }) {
      const body: Record<string, unknown> = {};
      if (patch.summary !== undefined) body.summary = patch.summary;
      if (patch.start_time !== undefined && patch.end_time !== undefined) {
        // Google merges the objects of a patch: `date: null` clears an all-day event's date as it gets a time.
        body.start = { dateTime: rfc3339(patch.start_time, timeZone), date: null };
        body.end = { dateTime: rfc3339(patch.end_time, timeZone), date: null };
      }
      const answer = parsed(
        eventSchema,
        await calendar.request<unknown>({
          method: "PATCH",
          path: eventPath(calendarId, eventId),
          query: { sendUpdates: "none" },
          headers: bearer(accessToken),
          json: body,
        }),
        googleCalendarService,
      );
      const zone = timeZone && isTimeZone(timeZone) ? timeZone : "UTC";
      const event = toGoogleEvent(answer, calendarId, color, zone);
      if (!event) {
        throw new ConnectorError({
          service: googleCalendarService,
          kind: "upstream",
          status: null,
          reason: null,
          serviceMessage: "the changed event came back without its times",
        });
      }
      return event;
    },

    async deleteEvent(accessToken, { calendarId, eventId }) {
      try {
        await calendar.request<void>({
          method: "DELETE",
          path: eventPath(calendarId, eventId),
          query: { sendUpdates: "none" },
          headers: bearer(accessToken),
          expect: "empty",
        });
      } catch (error) {
        // Already deleted: what was asked is done.
        if (error instanceof ConnectorError && (error.status === 410 || error.reason === "deleted")) return;
        throw error;
      }
    },
  };
}
