import { describe, expect, it } from "vitest";
import {
  deviceOf,
  endSessionsQuerySchema,
  isSessionLive,
  isSessionSeenStale,
  sessionEndsAt,
  sessionExpiry,
  sessionParamsSchema,
} from "./sessions.js";

const minute = 60_000;
const day = 24 * 60 * minute;
const signIn = Date.UTC(2025, 5, 1, 9, 0, 0);

describe("deviceOf", () => {
  it.each([
    [
      "Chrome on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome",
      "Windows",
    ],
    [
      "Edge on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
      "Edge",
      "Windows",
    ],
    [
      "Firefox on Windows",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
      "Firefox",
      "Windows",
    ],
    [
      "Safari on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari",
      "macOS",
    ],
    [
      "Chrome on macOS",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome",
      "macOS",
    ],
    [
      "Safari on iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari",
      "iPhone",
    ],
    [
      "Chrome on iPhone",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
      "Chrome",
      "iPhone",
    ],
    [
      "Firefox on iPad",
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
      "Firefox",
      "iPad",
    ],
    [
      "Chrome on Android",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
      "Chrome",
      "Android",
    ],
    [
      "Samsung Internet on Android",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
      "Samsung Internet",
      "Android",
    ],
    [
      "Firefox on Linux",
      "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
      "Firefox",
      "Linux",
    ],
    [
      "Opera on Linux",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0",
      "Opera",
      "Linux",
    ],
    [
      "headless Chromium on Linux",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36",
      "Chrome",
      "Linux",
    ],
    [
      "Chrome on ChromeOS",
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome",
      "ChromeOS",
    ],
    ["a command-line client", "curl/8.5.0", null, null],
    ["no user agent", "", null, null],
  ])("%s", (_label, userAgent, browser, os) => {
    expect(deviceOf(userAgent)).toEqual({ browser, os });
  });
});

describe("session times", () => {
  const expiresAt = sessionExpiry(signIn);

  it("ends 30 days after the sign-in", () => {
    expect(expiresAt - signIn).toBe(30 * day);
  });

  it.each([
    ["just signed in", signIn, signIn, true],
    ["used a minute ago", signIn + 10 * day - minute, signIn + 10 * day, true],
    ["idle for just under 14 days", signIn, signIn + 14 * day - 1, true],
    ["idle for exactly 14 days", signIn, signIn + 14 * day, false],
    ["idle for 15 days", signIn + 2 * day, signIn + 17 * day, false],
    ["in use, just before its 30 days", signIn + 30 * day - minute, signIn + 30 * day - 1, true],
    ["in use, at its 30 days", signIn + 30 * day - minute, signIn + 30 * day, false],
    ["in use, after its 30 days", signIn + 30 * day - minute, signIn + 31 * day, false],
  ])("%s → live %s", (_label, lastSeenAt, now, live) => {
    expect(isSessionLive({ expiresAt, lastSeenAt }, now)).toBe(live);
  });

  it.each([
    ["idle end first", signIn, signIn + 14 * day],
    ["absolute end first", signIn + 20 * day, expiresAt],
  ])("sessionEndsAt takes the %s", (_label, lastSeenAt, endsAt) => {
    expect(sessionEndsAt({ expiresAt, lastSeenAt })).toBe(endsAt);
  });

  it.each([
    ["seen now", 0, false],
    ["seen a minute ago", minute, false],
    ["seen just under 5 minutes ago", 5 * minute - 1, false],
    ["seen 5 minutes ago", 5 * minute, true],
    ["seen an hour ago", 60 * minute, true],
  ])("%s → write again %s", (_label, age, stale) => {
    expect(isSessionSeenStale(signIn, signIn + age)).toBe(stale);
  });
});

describe("session inputs", () => {
  it.each([
    [{ others: "true" }, true],
    [{ others: "false" }, false],
    [{}, false],
  ])("others=%o accepted %s", (query, ok) => {
    const parsed = endSessionsQuerySchema.safeParse(query);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues[0]?.path).toEqual(["others"]);
  });

  it("names the id of a session that is not a UUID", () => {
    const parsed = sessionParamsSchema.safeParse({ id: "42" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Session id must be a UUID");
  });
});
