import { z } from "zod";

/** Every session ends this long after its sign-in, however busy (decision 009). */
export const sessionLifetimeDays = 30;
/** A session nobody used for this long ends (decision 009). */
export const sessionIdleDays = 14;
/**
 * How old a session's "last seen" may get before a request writes it again: writing it on every request would turn
 * every read into a write, and the idle limit is counted in days.
 */
export const sessionTouchMinutes = 5;

const dayMs = 24 * 60 * 60_000;

export interface SessionTimes {
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Epoch milliseconds. */
  lastSeenAt: number;
}

/** When a session stops working unless it is used again before: its absolute end or its idle end, whichever is first. */
export function sessionEndsAt({ expiresAt, lastSeenAt }: SessionTimes): number {
  return Math.min(expiresAt, lastSeenAt + sessionIdleDays * dayMs);
}

export function isSessionLive(session: SessionTimes, now: number): boolean {
  return now < sessionEndsAt(session);
}

/** Whether a request at `now` should write the session's "last seen". */
export function isSessionSeenStale(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= sessionTouchMinutes * 60_000;
}

/** The absolute end of a session signed in at `signedInAt`. */
export function sessionExpiry(signedInAt: number): number {
  return signedInAt + sessionLifetimeDays * dayMs;
}

export const deviceSchema = z.object({
  /** "Chrome", "Safari", "Firefox", …; null when the user agent does not say. */
  browser: z.string().nullable(),
  /** "Windows", "macOS", "iPhone", "Android", "Linux", …; null when the user agent does not say. */
  os: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

// Order matters: browsers built on Chrome also say "Chrome" and "Safari", and Chrome says "Safari"; iPhones and iPads
// say "like Mac OS X", Android says "Linux".
const browsers: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: Array<[RegExp, string]> = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMacintosh\b|\bMac OS X\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const firstMatch = (rules: Array<[RegExp, string]>, userAgent: string) =>
  rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** The browser and system a user agent names, enough for a person to recognise their own device in a list. */
export function deviceOf(userAgent: string): Device {
  return { browser: firstMatch(browsers, userAgent), os: firstMatch(systems, userAgent) };
}

/** One signed-in session of the person asking (`GET auth/sessions`). */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** Epoch milliseconds of the sign-in. */
  created_at: z.number(),
  /** Epoch milliseconds; written again at most every few minutes, so a little behind on a busy session. */
  last_seen_at: z.number(),
  /** The client address of the sign-in. */
  ip: z.string(),
  device: deviceSchema,
  /** True for the session that asks. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.array(sessionSchema);

export const sessionParamsSchema = z.object({ id: z.uuid({ message: "Session id must be a UUID" }) });

/** `DELETE auth/sessions?others=true`: the flag is required, so that a bare DELETE never ends anything by surprise. */
export const endSessionsQuerySchema = z.object({
  others: z.literal("true", { message: "others must be true: only the other sessions can be ended at once" }),
});
