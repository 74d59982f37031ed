import type { FakeFailureMatch, FakeLoggedRequest, FakeRequestControls } from "./fake-http.mjs";

/** An event time as Google writes it: a dateTime (with an offset, or without one and a timeZone) or an all-day date. */
export interface FakeGoogleEventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** An event in Google's shape; `recurrence` takes RRULE (FREQ=DAILY|WEEKLY, INTERVAL, COUNT, UNTIL, BYDAY) and EXDATE. */
export interface FakeGoogleEvent {
  id?: string;
  status?: "confirmed" | "tentative" | "cancelled";
  summary?: string;
  description?: string;
  location?: string;
  htmlLink?: string;
  start: FakeGoogleEventTime;
  end: FakeGoogleEventTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: FakeGoogleEventTime;
  attendees?: Array<{ email: string; self?: boolean; organizer?: boolean; responseStatus?: string }>;
  sequence?: number;
  updated?: string;
  [field: string]: unknown;
}

export interface FakeGoogleCalendar {
  id: string;
  summary?: string;
  summaryOverride?: string;
  backgroundColor?: string;
  foregroundColor?: string;
  primary?: boolean;
  /** The calendar's zone; the fake's `timeZone` (Europe/Rome unless told) when absent. */
  timeZone?: string;
  accessRole?: string;
}

export interface FakeGoogleFailure extends Omit<FakeFailureMatch, "method"> {
  /** The status answered, with Google's error body (OAuth's on /token and /revoke); none: only the delay. */
  status?: number;
  /** Google's `errors[0].reason` (`rateLimitExceeded`…), or OAuth's `error`. */
  reason?: string;
  /** Sent as the Retry-After header (seconds, or an HTTP date). */
  retryAfter?: number | string;
}

export type FakeGoogleRequest = FakeLoggedRequest;

export interface FakeGoogleTokenAnswer {
  access_token: string;
  expires_in: number;
  token_type: "Bearer";
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

export interface FakeGoogle extends FakeRequestControls<FakeGoogleRequest> {
  url: string;
  /** GOOGLE_OAUTH_AUTHORIZE_URL */
  authorizeUrl: string;
  /** GOOGLE_OAUTH_TOKEN_URL */
  tokenUrl: string;
  /** GOOGLE_OAUTH_REVOKE_URL */
  revokeUrl: string;
  /** GOOGLE_CALENDAR_API_URL */
  calendarApiUrl: string;
  clientId: string;
  clientSecret: string;
  reset(): void;
  addCalendar(email: string, calendar: FakeGoogleCalendar): FakeGoogleCalendar & Record<string, unknown>;
  /** Stores the event (its id made up when absent) and answers it as stored. */
  addEvent(email: string, calendarId: string, event: FakeGoogleEvent): FakeGoogleEvent & { id: string };
  /** The stored events of a calendar (series, their changed instances, single events); deleted ones are "cancelled". */
  events(email: string, calendarId: string): Array<FakeGoogleEvent & { id: string }>;
  calendars(email: string): Array<FakeGoogleCalendar & Record<string, unknown>>;
  failNext(count: number, failure?: FakeGoogleFailure): void;
  expireAccessTokens(): void;
  /** The refresh tokens given so far (to that account, or to every one) are refused with invalid_grant from now on. */
  refuseRefresh(email?: string): void;
  /** Each page of events comes after `count` empty pages carrying a nextPageToken. */
  setEmptyPages(count: number): void;
  /** The consent page's answer to an authorization URL: the address the browser is sent to next. */
  consent(url: string, options?: { email?: string; allow?: boolean }): string;
  /** Tokens for an account as if its person had consented (`scope`: the connector's scopes unless told). */
  issueTokens(email: string, options?: { scope?: string }): FakeGoogleTokenAnswer;
  close(): Promise<void>;
}

export declare function startFakeGoogle(options?: {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The account the consent page offers without a login_hint. */
  defaultEmail?: string;
  /** The calendars' zone unless one says otherwise. */
  timeZone?: string;
}): Promise<FakeGoogle>;

/** The settings that point a Timetrap server's Google Calendar connection at `google` (a started fake). */
export declare function serverEnvOf(
  google: Pick<FakeGoogle, "clientId" | "clientSecret" | "authorizeUrl" | "tokenUrl" | "revokeUrl" | "calendarApiUrl">,
): Record<string, string>;
