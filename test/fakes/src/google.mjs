import { randomBytes } from "node:crypto";
import {
  answerConsentForm,
  consentLocation,
  controlDone,
  controlHandler,
  escapeHtml,
  failureQueue,
  fakePages,
  requestLog,
  retryAfterHeader,
  sendPage,
  sleep,
  startFakeServer,
} from "./fake-http.mjs";

/**
 * A stand-in for Google's OAuth 2 web-server flow and Calendar API v3 (INTEGRATIONS.md §5), answering as Google does:
 *
 *   GET  /o/oauth2/v2/auth            the consent page (a clearly fake one): Allow / Deny, back to redirect_uri
 *   POST /o/oauth2/v2/auth            the page's form
 *   POST /token                       authorization_code and refresh_token grants
 *   POST /revoke                      revokes a grant by either of its tokens
 *   GET  /calendar/v3/users/me/calendarList
 *   GET  /calendar/v3/calendars/{id}/events            timeMin/timeMax, singleEvents, orderBy, maxResults, pageToken
 *   GET|PATCH|DELETE /calendar/v3/calendars/{id}/events/{eventId}
 *
 * Each Google account (by e-mail, the one chosen on the consent page) has its calendars and events; its primary
 * calendar is made with it. Tests drive it through the returned methods or the same under /__control/ over HTTP:
 *
 *   POST   /__control/reset                      forget everything
 *   POST   /__control/calendars                  {email, calendar}        -> the calendar
 *   POST   /__control/events                     {email, calendarId, event} -> the event as stored
 *   GET    /__control/events?email&calendarId    the stored events (deleted ones with status "cancelled")
 *   POST   /__control/fail-next                  {count, status?, reason?, retryAfter?, delayMs?, path?}
 *   POST   /__control/expire-access-tokens
 *   POST   /__control/refuse-refresh             {email?}
 *   POST   /__control/empty-pages                {count}: that many empty pages (with a nextPageToken) before each page
 *   POST   /__control/consent                    {url, email?, allow?} -> {location}: the consent page's answer
 *   POST   /__control/tokens                     {email, scope?} -> a token answer, as if consented
 *   GET    /__control/requests                   the log; DELETE forgets it
 */

const calendarScopes = {
  list: [
    "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
    "https://www.googleapis.com/auth/calendar.calendarlist",
    "https://www.googleapis.com/auth/calendar.readonly",
    "https://www.googleapis.com/auth/calendar",
  ],
  read: [
    "https://www.googleapis.com/auth/calendar.events",
    "https://www.googleapis.com/auth/calendar.events.readonly",
    "https://www.googleapis.com/auth/calendar.readonly",
    "https://www.googleapis.com/auth/calendar",
  ],
  write: ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar"],
};

const defaultCalendarScope = [
  "openid",
  "email",
  "profile",
  "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
  "https://www.googleapis.com/auth/calendar.events",
].join(" ");

const random = (bytes = 24) => randomBytes(bytes).toString("base64url");
const dayMs = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Time in a zone (Intl), enough for Google's answers

const formatters = new Map();
function formatterOf(timeZone) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function isTimeZone(value) {
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * How far the zone's clock is ahead of UTC at an instant, in ms. The offsets at a UTC day's first and last millisecond
 * are kept: when they are equal the whole day has that offset, and a listing of thousands of events reads it for each.
 */
const dayOffsets = new Map();
function offsetAt(instant, timeZone) {
  const day = Math.floor(instant / dayMs);
  const key = `${timeZone}|${day}`;
  let offsets = dayOffsets.get(key);
  if (offsets === undefined) {
    offsets = [exactOffsetAt(day * dayMs, timeZone), exactOffsetAt(day * dayMs + dayMs - 1, timeZone)];
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(key, offsets);
  }
  return offsets[0] === offsets[1] ? offsets[0] : exactOffsetAt(instant, timeZone);
}

function exactOffsetAt(instant, timeZone) {
  const parts = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant the zone's clock shows the wall time given as UTC fields (`wallUtc`, from Date.UTC). */
function instantOfWall(wallUtc, timeZone) {
  const first = wallUtc - offsetAt(wallUtc, timeZone);
  return wallUtc - offsetAt(first, timeZone);
}

const pad = (value, width = 2) => String(value).padStart(width, "0");

/** RFC 3339 in the zone: `2026-03-10T09:00:00+01:00`. */
function formatInZone(instant, timeZone) {
  const offset = offsetAt(instant, timeZone);
  const local = new Date(instant + offset);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  );
}

/** Days since 1970-01-01 of a `YYYY-MM-DD`. */
function dayNumberOf(date) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / dayMs;
}

function dateOfDayNumber(day) {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
const weekdayOf = (day) => (((day + 4) % 7) + 7) % 7;

const rfc3339Pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** An event time's instant: a dateTime with its offset, one without in its zone, a date at its midnight. */
function instantOfTime(time, zone) {
  if (time.date) return instantOfWall(dayNumberOf(time.date) * dayMs, zone);
  if (rfc3339Pattern.test(time.dateTime)) return Date.parse(time.dateTime);
  const wall = Date.parse(`${time.dateTime}Z`);
  return instantOfWall(wall, time.timeZone && isTimeZone(time.timeZone) ? time.timeZone : zone);
}

// ---------------------------------------------------------------------------------------------------------------
// Recurrence (RRULE FREQ=DAILY|WEEKLY with INTERVAL, COUNT, UNTIL, BYDAY; EXDATE)

const weekdayCodes = { SU: 0, MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6 };

function parseRecurrence(lines, zone) {
  const rule = { freq: null, interval: 1, count: null, until: null, untilDate: null, byDay: null, exdates: [] };
  for (const line of lines) {
    const [head, value = ""] = line.split(/:(.*)/s);
    const name = head.split(";")[0].toUpperCase();
    if (name === "RRULE") {
      for (const part of value.split(";")) {
        const [key, raw = ""] = part.split("=");
        const upper = raw.toUpperCase();
        if (key === "FREQ") rule.freq = upper;
        else if (key === "INTERVAL") rule.interval = Math.max(1, Number(raw) || 1);
        else if (key === "COUNT") rule.count = Number(raw);
        else if (key === "BYDAY") rule.byDay = upper.split(",").map((day) => weekdayCodes[day.slice(-2)]);
        else if (key === "UNTIL") {
          const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(upper);
          if (!match) throw new Error(`unreadable UNTIL: ${raw}`);
          const [, y, m, d, hh, mm, ss, z] = match;
          rule.untilDate = `${y}-${m}-${d}`;
          const wall = Date.UTC(
            Number(y),
            Number(m) - 1,
            Number(d),
            Number(hh ?? 23),
            Number(mm ?? 59),
            Number(ss ?? 59),
          );
          rule.until = hh !== undefined && z ? wall : instantOfWall(wall, zone);
        }
      }
      if (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")
        throw new Error(`unsupported FREQ in the fake: ${rule.freq}`);
    } else if (name === "EXDATE") {
      const tzid = /TZID=([^;:]+)/i.exec(head)?.[1];
      for (const raw of value.split(",")) {
        const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(raw.trim());
        if (!match) continue;
        const [, y, m, d, hh, mm, ss, z] = match;
        if (hh === undefined) rule.exdates.push({ date: `${y}-${m}-${d}` });
        else {
          const wall = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm), Number(ss));
          rule.exdates.push({ instant: z ? wall : instantOfWall(wall, tzid && isTimeZone(tzid) ? tzid : zone) });
        }
      }
    }
  }
  return rule.freq ? rule : null;
}

/** Google's instance id: the series' id and the original start (UTC basic format, or the date for all-day ones). */
function instanceId(masterId, start, allDay) {
  if (allDay) return `${masterId}_${start.replaceAll("-", "")}`;
  return `${masterId}_${new Date(start)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")}`;
}

/**
 * The instances of a recurring event starting before `until` (an instant), in the series' zone: a weekly meeting
 * keeps its wall-clock time across a daylight-saving change.
 */
function expandSeries(master, calendarZone, until) {
  const zone = master.start.timeZone && isTimeZone(master.start.timeZone) ? master.start.timeZone : calendarZone;
  const rule = parseRecurrence(master.recurrence ?? [], zone);
  if (!rule) return [];
  const allDay = Boolean(master.start.date);
  const startInstant = instantOfTime(master.start, zone);
  const firstDay = allDay
    ? dayNumberOf(master.start.date)
    : Math.floor((startInstant + offsetAt(startInstant, zone)) / dayMs);
  const timeOfDay = allDay ? 0 : startInstant + offsetAt(startInstant, zone) - firstDay * dayMs;
  const durationMs = instantOfTime(master.end, zone) - startInstant;
  const durationDays = allDay ? dayNumberOf(master.end.date) - dayNumberOf(master.start.date) : 0;
  const byDay = new Set(rule.byDay ?? [weekdayOf(firstDay)]);

  function* candidateDays() {
    if (rule.freq === "DAILY") {
      for (let day = firstDay; ; day += rule.interval) yield day;
    }
    const firstWeek = firstDay - ((weekdayOf(firstDay) + 6) % 7);
    for (let week = firstWeek; ; week += 7 * rule.interval) {
      for (let offset = 0; offset < 7; offset += 1) {
        const day = week + offset;
        if (day >= firstDay && byDay.has(weekdayOf(day))) yield day;
      }
    }
  }

  const instances = [];
  let counted = 0;
  let steps = 0;
  for (const day of candidateDays()) {
    steps += 1;
    if (steps > 50_000) break;
    if (rule.count !== null && counted >= rule.count) break;
    const date = dateOfDayNumber(day);
    const start = allDay ? instantOfWall(day * dayMs, zone) : instantOfWall(day * dayMs + timeOfDay, zone);
    if (allDay ? rule.untilDate !== null && date > rule.untilDate : rule.until !== null && start > rule.until) break;
    if (start >= until) break;
    counted += 1;
    if (rule.exdates.some((ex) => (ex.date ? ex.date === date : ex.instant === start))) continue;
    const { recurrence: _recurrence, ...rest } = master;
    const instance = {
      ...structuredClone(rest),
      id: instanceId(master.id, allDay ? date : start, allDay),
      recurringEventId: master.id,
    };
    if (allDay) {
      instance.start = { date };
      instance.end = { date: dateOfDayNumber(day + durationDays) };
      instance.originalStartTime = { date };
    } else {
      const timeZone = master.start.timeZone;
      instance.start = { dateTime: formatInZone(start, zone), ...(timeZone ? { timeZone } : {}) };
      instance.end = {
        dateTime: formatInZone(start + durationMs, zone),
        ...(master.end.timeZone ? { timeZone: master.end.timeZone } : {}),
      };
      instance.originalStartTime = { dateTime: formatInZone(start, zone), ...(timeZone ? { timeZone } : {}) };
    }
    instance.htmlLink = `https://www.google.com/calendar/event?eid=${Buffer.from(instance.id).toString("base64url")}`;
    instances.push(instance);
  }
  return instances;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

const googleErrors = {
  400: { reason: "badRequest", message: "Bad Request", status: "INVALID_ARGUMENT" },
  401: { reason: "authError", message: "Invalid Credentials", status: "UNAUTHENTICATED" },
  403: { reason: "forbidden", message: "Forbidden", status: "PERMISSION_DENIED" },
  404: { reason: "notFound", message: "Not Found", status: "NOT_FOUND" },
  409: { reason: "duplicate", message: "The requested identifier already exists.", status: "ALREADY_EXISTS" },
  410: { reason: "deleted", message: "Resource has been deleted", status: "NOT_FOUND" },
  429: { reason: "rateLimitExceeded", message: "Rate Limit Exceeded", status: "RESOURCE_EXHAUSTED" },
  500: { reason: "backendError", message: "Backend Error", status: "INTERNAL" },
  503: { reason: "backendError", message: "The service is currently unavailable.", status: "UNAVAILABLE" },
};
const reasonMessages = {
  rateLimitExceeded: "Rate Limit Exceeded",
  userRateLimitExceeded: "User Rate Limit Exceeded",
  quotaExceeded: "Calendar usage limits exceeded.",
  insufficientPermissions: "Request had insufficient authentication scopes.",
  timeRangeEmpty: "The specified time range is empty.",
  deleted: "Resource has been deleted",
  notFound: "Not Found",
};

/** Google's error body: `{error: {errors: [{domain, reason, message}], code, message}}`. */
function googleError(status, reason, message) {
  const known = googleErrors[status] ?? googleErrors[status >= 500 ? 500 : 400];
  const theReason = reason ?? known.reason;
  const theMessage = message ?? reasonMessages[theReason] ?? known.message;
  const domain = /rateLimit|quota/i.test(theReason) ? "usageLimits" : "global";
  const detail = { domain, reason: theReason, message: theMessage };
  if (status === 401) Object.assign(detail, { locationType: "header", location: "Authorization" });
  return { error: { errors: [detail], code: status, message: theMessage, status: known.status } };
}

function oauthError(status, reason) {
  const descriptions = {
    invalid_grant: "Bad Request",
    invalid_client: "The OAuth client was not found.",
    invalid_request: "Bad Request",
    invalid_token: "Token expired or revoked",
  };
  const error =
    reason ?? (status === 429 ? "rate_limit_exceeded" : status >= 500 ? "internal_failure" : "invalid_request");
  return { error, error_description: descriptions[error] ?? "Backend Error" };
}

const { page, consentPage: consentForm } = fakePages({
  service: "Google",
  color: "#202124",
  background: "#fce8b2",
  border: "#f9ab00",
});

function errorPage(status, code, description) {
  return {
    status,
    text: `Error ${status}: ${code}. ${description}`,
    html: page(
      `Error ${status}: ${code} (fake Google)`,
      `<h1>Access blocked: this request is invalid</h1><p><strong>Error ${status}: ${escapeHtml(code)}</strong></p>
<p>${escapeHtml(description)}</p>`,
    ),
  };
}

function withParams(base, params) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A token's header and payload, unsigned (`alg: none`): well formed, for a caller that reads but does not verify. */
function unsignedJwt(payload) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part(payload)}.`;
}

// ---------------------------------------------------------------------------------------------------------------

export async function startFakeGoogle({
  port = 0,
  clientId = "fake-google-client",
  clientSecret = "fake-google-secret",
  defaultEmail = "person@example.com",
  timeZone = "Europe/Rome",
} = {}) {
  /** @type {Map<string, {email: string, sub: string, calendars: object[], events: Map<string, Map<string, object>>, deleted: Map<string, Set<string>>}>} */
  let accounts = new Map();
  let codes = new Map();
  let grants = new Map();
  let accessTokens = new Map();
  let refreshTokens = new Map();
  const failures = failureQueue();
  let emptyPages = 0;
  const log = requestLog();

  function account(email) {
    const key = String(email).trim().toLowerCase();
    let found = accounts.get(key);
    if (!found) {
      found = {
        email: key,
        sub: String(100_000_000_000_000_000_000n + BigInt(accounts.size + 1)),
        calendars: [],
        events: new Map(),
        deleted: new Map(),
      };
      accounts.set(key, found);
      addCalendarTo(found, { id: key, summary: key, backgroundColor: "#9fe1e7", primary: true });
    }
    return found;
  }

  function addCalendarTo(owner, calendar) {
    if (!calendar?.id) throw new Error("a calendar needs an id");
    const entry = {
      kind: "calendar#calendarListEntry",
      etag: `"${Date.now()}"`,
      id: calendar.id,
      summary: calendar.summary ?? calendar.id,
      timeZone: calendar.timeZone ?? timeZone,
      colorId: calendar.colorId ?? "14",
      backgroundColor: calendar.backgroundColor ?? "#9fe1e7",
      foregroundColor: calendar.foregroundColor ?? "#000000",
      selected: true,
      accessRole: calendar.accessRole ?? "owner",
      defaultReminders: [],
      ...(calendar.summaryOverride ? { summaryOverride: calendar.summaryOverride } : {}),
      ...(calendar.primary ? { primary: true } : {}),
    };
    if (entry.primary) for (const other of owner.calendars) delete other.primary;
    const index = owner.calendars.findIndex((c) => c.id === entry.id);
    if (index >= 0) owner.calendars[index] = entry;
    else owner.calendars.push(entry);
    if (!owner.events.has(entry.id)) owner.events.set(entry.id, new Map());
    if (!owner.deleted.has(entry.id)) owner.deleted.set(entry.id, new Set());
    return structuredClone(entry);
  }

  function calendarOf(owner, calendarId) {
    const id = calendarId === "primary" ? owner.calendars.find((c) => c.primary)?.id : calendarId;
    return owner.calendars.find((c) => c.id === id) ?? null;
  }

  function storeEvent(owner, calendar, event) {
    const now = new Date().toISOString();
    const id =
      event.id ??
      random(12)
        .toLowerCase()
        .replace(/[^a-v0-9]/g, "0");
    if (!event.start || !event.end) throw new Error("an event needs start and end");
    if (event.recurrence) parseRecurrence(event.recurrence, calendar.timeZone);
    const stored = {
      kind: "calendar#event",
      etag: `"${Date.now()}"`,
      status: "confirmed",
      htmlLink: `https://www.google.com/calendar/event?eid=${Buffer.from(id).toString("base64url")}`,
      created: now,
      updated: now,
      summary: "",
      creator: { email: owner.email, self: true },
      organizer: { email: calendar.id, self: true },
      iCalUID: `${id}@google.com`,
      sequence: 0,
      eventType: "default",
      ...structuredClone(event),
      id,
    };
    owner.events.get(calendar.id).set(id, stored);
    return stored;
  }

  /** A calendar's events as Google lists them: instances for series when `singleEvents`, deleted ones only if asked. */
  function listed(owner, calendar, { singleEvents, showDeleted, zone, until }) {
    const events = owner.events.get(calendar.id);
    const deleted = owner.deleted.get(calendar.id);
    const items = [];
    for (const event of events.values()) {
      if (event.recurringEventId && deleted.has(event.recurringEventId)) continue;
      if (deleted.has(event.id)) {
        if (showDeleted) items.push(event);
        continue;
      }
      if (event.recurrence && singleEvents) {
        for (const instance of expandSeries(event, calendar.timeZone, until)) {
          if (!events.has(instance.id)) items.push(instance);
        }
      } else items.push(event);
    }
    return items.map((event) => ({
      event,
      start: instantOfTime(event.start, zone),
      end: instantOfTime(event.end, zone),
    }));
  }

  /** A stored event, or an instance of a stored series made into an exception of its own (as a change to it does). */
  function eventOrInstance(owner, calendar, eventId) {
    const events = owner.events.get(calendar.id);
    const stored = events.get(eventId);
    if (stored) return stored;
    const cut = eventId.lastIndexOf("_");
    if (cut < 0) return null;
    const master = events.get(eventId.slice(0, cut));
    if (!master?.recurrence || owner.deleted.get(calendar.id).has(master.id)) return null;
    const suffix = eventId.slice(cut + 1);
    const match = /^(\d{4})(\d{2})(\d{2})/.exec(suffix);
    if (!match) return null;
    const until = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + 2 * dayMs;
    const instance = expandSeries(master, calendar.timeZone, until).find((one) => one.id === eventId);
    if (!instance) return null;
    events.set(instance.id, instance);
    return instance;
  }

  /** An answer's copy of an event, its dateTimes written in the answer's zone as Google does. */
  function shown(event, zone) {
    const copy = structuredClone(event);
    for (const key of ["start", "end"]) {
      if (copy[key]?.dateTime) copy[key].dateTime = formatInZone(instantOfTime(copy[key], zone), zone);
    }
    return copy;
  }

  // -------------------------------------------------------------------------------------------------------------
  // OAuth

  /** The consent request's parameters checked as Google does; an error page's status and text otherwise. */
  function checkAuthorization(params) {
    if (!params.get("client_id") || params.get("client_id") !== clientId) {
      return errorPage(401, "invalid_client", "The OAuth client was not found.");
    }
    const redirectUri = params.get("redirect_uri");
    let redirect = null;
    try {
      redirect = redirectUri ? new URL(redirectUri) : null;
    } catch {
      redirect = null;
    }
    if (!redirect || !/^https?:$/.test(redirect.protocol)) {
      return errorPage(
        400,
        "redirect_uri_mismatch",
        `The redirect URI in the request, ${redirectUri ?? ""}, is not valid.`,
      );
    }
    if (!params.get("response_type")) {
      return errorPage(400, "invalid_request", "Required parameter is missing: response_type");
    }
    if (params.get("response_type") !== "code") {
      return errorPage(400, "unsupported_response_type", `Invalid response_type: ${params.get("response_type")}`);
    }
    if (!params.get("scope")) return errorPage(400, "invalid_request", "Missing required parameter: scope");
    return null;
  }

  function consentPage(params) {
    const invalid = checkAuthorization(params);
    if (invalid) return invalid;
    const email = params.get("login_hint") || defaultEmail;
    const scopes = params.get("scope").split(/\s+/).filter(Boolean);
    return consentForm({
      title: "Sign in - Google Accounts (fake)",
      heading: "Sign in with Google (fake)",
      clientId,
      asks: "wants to access your Google Account",
      action: "/o/oauth2/v2/auth",
      params,
      email,
      scopes,
    });
  }

  /** The page's answer: where the browser goes next (the redirect URI with a code, or with `error=access_denied`). */
  function decide(params, { email, allow }) {
    const invalid = checkAuthorization(params);
    if (invalid) return { error: invalid };
    const redirectUri = params.get("redirect_uri");
    const state = params.get("state");
    const withState = (values) => withParams(redirectUri, state === null ? values : { ...values, state });
    if (!allow) return { location: withState({ error: "access_denied" }) };
    const chosen = String(email ?? params.get("login_hint") ?? defaultEmail).trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(chosen))
      return { error: errorPage(400, "invalid_request", "Enter an e-mail address.") };
    const owner = account(chosen);
    const code = `4/fake-${random()}`;
    codes.set(code, {
      email: owner.email,
      redirectUri,
      scope: params.get("scope"),
      offline: params.get("access_type") === "offline",
      expiresAt: Date.now() + 10 * 60_000,
      used: false,
    });
    return {
      location: withState({ code, scope: params.get("scope"), authuser: "0", prompt: "consent" }),
    };
  }

  function issue(email, scope, { offline = true } = {}) {
    const owner = account(email);
    const scopes = scope.split(/\s+/).filter(Boolean);
    const grant = { id: random(9), email: owner.email, scopes, revoked: false, refreshRefused: false };
    grants.set(grant.id, grant);
    const refreshToken = offline ? `1//fake-${random()}` : null;
    if (refreshToken) refreshTokens.set(refreshToken, grant.id);
    return { ...accessAnswer(grant), ...(refreshToken ? { refresh_token: refreshToken } : {}) };
  }

  function accessAnswer(grant) {
    const accessToken = `ya29.fake-${random()}`;
    accessTokens.set(accessToken, { grantId: grant.id, expiresAt: Date.now() + 3599_000 });
    const now = Math.floor(Date.now() / 1000);
    const owner = account(grant.email);
    return {
      access_token: accessToken,
      expires_in: 3599,
      token_type: "Bearer",
      scope: grant.scopes.join(" "),
      ...(grant.scopes.includes("openid")
        ? {
            id_token: unsignedJwt({
              iss: "https://accounts.google.com",
              azp: clientId,
              aud: clientId,
              sub: owner.sub,
              email: owner.email,
              email_verified: true,
              iat: now,
              exp: now + 3600,
            }),
          }
        : {}),
    };
  }

  function token(form, authorization) {
    let id = form.get("client_id");
    let secret = form.get("client_secret");
    if (authorization?.startsWith("Basic ")) {
      const [user, pass] = Buffer.from(authorization.slice(6), "base64").toString("utf8").split(":");
      id = decodeURIComponent(user ?? "");
      secret = decodeURIComponent(pass ?? "");
    }
    if (!id)
      return [400, { error: "invalid_request", error_description: "Could not determine client ID from request." }];
    if (id !== clientId)
      return [401, { error: "invalid_client", error_description: "The OAuth client was not found." }];
    if (secret !== clientSecret) return [401, { error: "invalid_client", error_description: "Unauthorized" }];
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code");
      if (!code) return [400, { error: "invalid_request", error_description: "Missing required parameter: code" }];
      const issued = codes.get(code);
      if (!issued) return [400, { error: "invalid_grant", error_description: "Malformed auth code." }];
      if (issued.used || issued.expiresAt < Date.now()) {
        return [400, { error: "invalid_grant", error_description: "Bad Request" }];
      }
      if (form.get("redirect_uri") !== issued.redirectUri) {
        return [400, { error: "redirect_uri_mismatch", error_description: "Bad Request" }];
      }
      issued.used = true;
      return [200, issue(issued.email, issued.scope, { offline: issued.offline })];
    }
    if (grantType === "refresh_token") {
      const grant = grants.get(refreshTokens.get(form.get("refresh_token") ?? "") ?? "");
      if (!grant || grant.revoked || grant.refreshRefused) {
        return [400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }];
      }
      return [200, accessAnswer(grant)];
    }
    if (!grantType)
      return [400, { error: "invalid_request", error_description: "Missing required parameter: grant_type" }];
    return [400, { error: "unsupported_grant_type", error_description: `Invalid grant_type: ${grantType}` }];
  }

  function revoke(value) {
    const grantId = accessTokens.get(value ?? "")?.grantId ?? refreshTokens.get(value ?? "");
    const grant = grantId ? grants.get(grantId) : undefined;
    if (!grant || grant.revoked)
      return [400, { error: "invalid_token", error_description: "Token expired or revoked" }];
    grant.revoked = true;
    return [200, {}];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Calendar API

  /** The grant behind the request's bearer token, or Google's 401. */
  function authorize(request, needed) {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      return {
        error: [
          401,
          googleError(
            401,
            "required",
            "Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
          ),
        ],
      };
    }
    const access = accessTokens.get(match[1]);
    const grant = access ? grants.get(access.grantId) : undefined;
    if (!access || !grant || grant.revoked || access.expiresAt <= Date.now()) return { error: [401, googleError(401)] };
    if (!needed.some((scope) => grant.scopes.includes(scope))) {
      return { error: [403, googleError(403, "insufficientPermissions")] };
    }
    return { owner: account(grant.email) };
  }

  function calendarList(owner, query) {
    const maxResults = Math.min(250, Math.max(1, Number(query.get("maxResults") ?? 100) || 100));
    const offset = query.get("pageToken") ? Number(Buffer.from(query.get("pageToken"), "base64url").toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) return [400, googleError(400, "invalid", "Invalid page token value.")];
    const items = owner.calendars.slice(offset, offset + maxResults);
    const next = offset + maxResults < owner.calendars.length ? offset + maxResults : null;
    return [
      200,
      {
        kind: "calendar#calendarList",
        etag: `"${Date.now()}"`,
        ...(next === null
          ? { nextSyncToken: `sync-${random(9)}` }
          : { nextPageToken: Buffer.from(String(next)).toString("base64url") }),
        items: structuredClone(items),
      },
    ];
  }

  function eventsList(owner, calendar, query) {
    const zone = query.get("timeZone") && isTimeZone(query.get("timeZone")) ? query.get("timeZone") : calendar.timeZone;
    for (const name of ["timeMin", "timeMax"]) {
      const value = query.get(name);
      if (value !== null && !rfc3339Pattern.test(value)) return [400, googleError(400, "badRequest", "Bad Request")];
    }
    const timeMin = query.get("timeMin") ? Date.parse(query.get("timeMin")) : Number.NEGATIVE_INFINITY;
    const timeMax = query.get("timeMax") ? Date.parse(query.get("timeMax")) : Number.POSITIVE_INFINITY;
    if (timeMin >= timeMax) return [400, googleError(400, "timeRangeEmpty")];
    const singleEvents = query.get("singleEvents") === "true";
    const orderBy = query.get("orderBy");
    if (orderBy === "startTime" && !singleEvents) {
      return [400, googleError(400, "badRequest", "The requested ordering is not available for the particular query.")];
    }
    const maxResults = Math.min(2500, Math.max(1, Number(query.get("maxResults") ?? 250) || 250));
    let page = { o: 0, e: emptyPages };
    if (query.get("pageToken")) {
      try {
        page = JSON.parse(Buffer.from(query.get("pageToken"), "base64url").toString());
      } catch {
        return [400, googleError(400, "invalid", "Invalid page token value.")];
      }
    }
    const tokenOf = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const answer = {
      kind: "calendar#events",
      etag: `"${Date.now()}"`,
      summary: calendar.summary,
      description: "",
      updated: new Date().toISOString(),
      timeZone: zone,
      accessRole: calendar.accessRole,
      defaultReminders: [],
    };
    if (page.e > 0) return [200, { ...answer, nextPageToken: tokenOf({ o: page.o, e: page.e - 1 }), items: [] }];
    const until = Number.isFinite(timeMax) ? timeMax : Date.now() + 5 * 365 * dayMs;
    const inRange = listed(owner, calendar, {
      singleEvents,
      showDeleted: query.get("showDeleted") === "true",
      zone,
      until,
    }).filter((item) => item.end > timeMin && item.start < timeMax);
    if (orderBy === "startTime") {
      inRange.sort((a, b) => a.start - b.start || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
    }
    const items = inRange.slice(page.o, page.o + maxResults).map((item) => shown(item.event, zone));
    const next = page.o + maxResults < inRange.length ? page.o + maxResults : null;
    return [
      200,
      {
        ...answer,
        ...(next === null
          ? { nextSyncToken: `sync-${random(9)}` }
          : { nextPageToken: tokenOf({ o: next, e: emptyPages }) }),
        items,
      },
    ];
  }

  const isMergedObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

  function patchEvent(owner, calendar, eventId, body) {
    if (owner.deleted.get(calendar.id).has(eventId)) return [404, googleError(404)];
    const event = eventOrInstance(owner, calendar, eventId);
    if (!event) return [404, googleError(404)];
    if (body === null || typeof body !== "object" || Array.isArray(body))
      return [400, googleError(400, "parseError", "Parse Error")];
    const changed = structuredClone(event);
    for (const [key, value] of Object.entries(body)) {
      if (["id", "kind", "etag", "iCalUID", "recurringEventId", "htmlLink", "created"].includes(key)) continue;
      if (value === null) delete changed[key];
      else if (isMergedObject(value) && isMergedObject(changed[key])) {
        // Patch semantics: an object sent is merged into the stored one, a field sent as null is cleared. Moving an
        // all-day event to a time must clear its `date` or Google refuses the mix.
        for (const [field, inner] of Object.entries(value)) {
          if (inner === null) delete changed[key][field];
          else changed[key][field] = structuredClone(inner);
        }
      } else changed[key] = structuredClone(value);
    }
    if ((changed.start?.date && changed.start?.dateTime) || (changed.end?.date && changed.end?.dateTime)) {
      return [400, googleError(400, "invalid", "Invalid start time.")];
    }
    if (!changed.start || !changed.end || (!changed.start.date && !changed.start.dateTime)) {
      return [400, googleError(400, "required", "Missing time")];
    }
    if (Boolean(changed.start.date) !== Boolean(changed.end.date)) {
      return [400, googleError(400, "invalid", "Invalid start time.")];
    }
    if (instantOfTime(changed.end, calendar.timeZone) <= instantOfTime(changed.start, calendar.timeZone)) {
      return [400, googleError(400, "timeRangeEmpty")];
    }
    changed.sequence = (event.sequence ?? 0) + 1;
    changed.updated = new Date().toISOString();
    changed.etag = `"${Date.now()}"`;
    owner.events.get(calendar.id).set(changed.id, changed);
    return [200, shown(changed, calendar.timeZone)];
  }

  function deleteEvent(owner, calendar, eventId) {
    const deleted = owner.deleted.get(calendar.id);
    if (deleted.has(eventId)) return [410, googleError(410)];
    const event = eventOrInstance(owner, calendar, eventId);
    if (!event) return [404, googleError(404)];
    event.status = "cancelled";
    event.updated = new Date().toISOString();
    deleted.add(eventId);
    return [204, null];
  }

  function calendarApi(request, path, query, body) {
    const list = path === "/users/me/calendarList";
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (!list && !match) return [404, googleError(404)];
    const needed = list ? calendarScopes.list : request.method === "GET" ? calendarScopes.read : calendarScopes.write;
    const { owner, error } = authorize(request, needed);
    if (error) return error;
    if (list) return request.method === "GET" ? calendarList(owner, query) : [405, googleError(400)];
    const calendar = calendarOf(owner, decodeURIComponent(match[1]));
    if (!calendar) return [404, googleError(404)];
    if (match[2] === undefined)
      return request.method === "GET" ? eventsList(owner, calendar, query) : [405, googleError(400)];
    const eventId = decodeURIComponent(match[2]);
    if (request.method === "GET") {
      const event = eventOrInstance(owner, calendar, eventId);
      return event ? [200, shown(event, calendar.timeZone)] : [404, googleError(404)];
    }
    if (request.method === "PATCH") {
      let parsed;
      try {
        parsed = JSON.parse(body || "null");
      } catch {
        return [400, googleError(400, "parseError", "Parse Error")];
      }
      return patchEvent(owner, calendar, eventId, parsed);
    }
    if (request.method === "DELETE") return deleteEvent(owner, calendar, eventId);
    return [405, googleError(400)];
  }

  // -------------------------------------------------------------------------------------------------------------
  // Control

  const control = {
    reset() {
      accounts = new Map();
      codes = new Map();
      grants = new Map();
      accessTokens = new Map();
      refreshTokens = new Map();
      failures.clear();
      emptyPages = 0;
      log.clear();
    },
    addCalendar(email, calendar) {
      return addCalendarTo(account(email), calendar);
    },
    addEvent(email, calendarId, event) {
      const owner = account(email);
      const calendar = calendarOf(owner, calendarId);
      if (!calendar) throw new Error(`${email} has no calendar ${calendarId}`);
      return structuredClone(storeEvent(owner, calendar, event));
    },
    /** The stored events of a calendar (series, exceptions, single ones); deleted ones with status "cancelled". */
    events(email, calendarId) {
      const owner = account(email);
      const calendar = calendarOf(owner, calendarId);
      return calendar ? structuredClone([...owner.events.get(calendar.id).values()]) : [];
    },
    calendars(email) {
      return structuredClone(account(email).calendars);
    },
    /** The next `count` requests (to `path`, when given, a part of the path) fail this way, or only wait `delayMs`. */
    failNext(count, { status, reason, retryAfter, delayMs, path } = {}) {
      failures.add(count, { status, reason, retryAfter, delayMs, path });
    },
    expireAccessTokens() {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },
    /** The refresh tokens given so far (to `email`'s account, or everyone's) are refused from now on. */
    refuseRefresh(email) {
      const key = email === undefined ? undefined : String(email).trim().toLowerCase();
      for (const grant of grants.values()) if (key === undefined || grant.email === key) grant.refreshRefused = true;
    },
    /** Each page of events is preceded by `count` empty pages that carry a nextPageToken, as Google sometimes sends. */
    setEmptyPages(count) {
      emptyPages = Math.max(0, Math.floor(count));
    },
    requests: log.entries,
    clearRequests: log.clear,
    /** What the consent page does when its button is pressed: the browser's next address, or the error page's text. */
    consent(url, options) {
      return consentLocation(decide, url, options);
    },
    /** A token answer for `email`, as if the person had consented to `scope`. */
    issueTokens(email, { scope = defaultCalendarScope } = {}) {
      return issue(email, scope);
    },
  };

  const handleControl = controlHandler(control, (route, input, query) => {
    switch (route) {
      case "POST /calendars":
        return [200, control.addCalendar(input.email, input.calendar)];
      case "POST /events":
        return [200, control.addEvent(input.email, input.calendarId, input.event)];
      case "GET /events":
        return [200, control.events(query.get("email"), query.get("calendarId"))];
      case "GET /calendars":
        return [200, control.calendars(query.get("email"))];
      case "POST /expire-access-tokens":
        control.expireAccessTokens();
        return controlDone();
      case "POST /refuse-refresh":
        control.refuseRefresh(input.email);
        return controlDone();
      case "POST /empty-pages":
        control.setEmptyPages(input.count ?? 0);
        return controlDone();
      case "POST /consent":
        return [200, { location: control.consent(input.url, input) }];
      case "POST /tokens":
        return [200, control.issueTokens(input.email, input)];
      default:
        return undefined;
    }
  });

  const server = await startFakeServer({
    port,
    contentType: "application/json; charset=UTF-8",
    control: handleControl,
    errorBody: (message) => ({ error: message }),
    async handle({ request, response, url, path, body, send }) {
      log.record(request, response, url);

      const oauth = path === "/token" || path === "/revoke";
      const api = path.startsWith("/calendar/v3/");
      if (oauth || api) {
        const failure = failures.take(request.method, path);
        if (failure?.delayMs) await sleep(failure.delayMs);
        if (failure?.status) {
          send(
            failure.status,
            oauth ? oauthError(failure.status, failure.reason) : googleError(failure.status, failure.reason),
            retryAfterHeader(failure),
          );
          return;
        }
      }

      if (path === "/o/oauth2/v2/auth" && request.method === "GET") {
        sendPage(response, consentPage(url.searchParams));
      } else if (path === "/o/oauth2/v2/auth" && request.method === "POST") {
        answerConsentForm(response, body, decide);
      } else if (path === "/token" && request.method === "POST") {
        const [status, value] = token(new URLSearchParams(body), request.headers.authorization);
        send(status, value, { "cache-control": "no-cache, no-store, max-age=0, must-revalidate" });
      } else if (path === "/revoke" && request.method === "POST") {
        const [status, value] = revoke(new URLSearchParams(body).get("token") ?? url.searchParams.get("token"));
        send(status, value);
      } else if (api) {
        const [status, value] = calendarApi(request, path.slice("/calendar/v3".length), url.searchParams, body);
        send(
          status,
          value,
          status === 401 ? { "www-authenticate": 'Bearer realm="https://accounts.google.com/"' } : {},
        );
      } else {
        send(404, googleError(404));
      }
    },
  });
  const url = server.url;

  return {
    url,
    authorizeUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
    calendarApiUrl: `${url}/calendar/v3`,
    clientId,
    clientSecret,
    ...control,
    close: server.close,
  };
}

/** The settings that point a Timetrap server's Google Calendar connection at `google` (a started fake). */
export function serverEnvOf(google) {
  return {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_AUTHORIZE_URL: google.authorizeUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    GOOGLE_OAUTH_REVOKE_URL: google.revokeUrl,
    GOOGLE_CALENDAR_API_URL: google.calendarApiUrl,
  };
}
