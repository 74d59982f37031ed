import { type CalendarFeed, calendarFeedSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { calendarFeeds } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { feedAad, openSecret } from "../integrations/secret-box.js";
import { createLimitsService } from "../limits/limits.service.js";
import { feedFetchRule, unknownFeedRule } from "./calendar-feed.service.js";

const t = useTestApp();

const feedUrl = (userId: string) => `/api/v1/user/${userId}/calendar-feed`;
const callFeed = (method: "GET" | "POST" | "DELETE", user: BuiltUser, token = user.token) =>
  request(t.app, { method, url: feedUrl(user.id), token });

async function turnOn(user: BuiltUser): Promise<CalendarFeed & { path: string }> {
  const response = await callFeed("POST", user);
  expect(response.statusCode, response.body).toBe(200);
  const feed = calendarFeedSchema.parse(response.json());
  return { ...feed, path: new URL(feed.url!).pathname };
}

const fetchFeed = (path: string, remoteAddress?: string) =>
  request(t.app, { method: "GET", url: path, ...(remoteAddress ? { remoteAddress } : {}) });

async function person(preferences: Record<string, unknown> = { timeZone: "Europe/Rome" }) {
  const owner = await buildUser(t, { termsOfUse: true, privacyPolicy: true, preferences });
  const built = await buildOrganization(t, { owner });
  return { owner, orgId: built.organization.uid };
}

describe("the calendar feed's address", () => {
  test("is off until the person turns it on; then it is a long secret address under the app's URL", async () => {
    const { owner } = await person();
    const off = await callFeed("GET", owner);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, url: null, created_at: null });

    const before = Date.now();
    const on = await turnOn(owner);
    expect(on.enabled).toBe(true);
    expect(on.url).toMatch(/^http:\/\/timetrap\.test\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(on.created_at).toBeGreaterThanOrEqual(before - 5_000);
    expect((await callFeed("GET", owner)).json()).toEqual({
      enabled: on.enabled,
      url: on.url,
      created_at: on.created_at,
    });
  });

  test("keeps the secret sealed and hashed in the store, never in clear", async () => {
    const { owner } = await person();
    const on = await turnOn(owner);
    const secret = on.path.slice("/ics/".length, -".ics".length);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.secret).toMatch(/^v1\./);
    expect(openSecret(t.config.integrationsKey, row!.secret, feedAad(owner.id))).toBe(secret);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("a new address replaces the old one: the old answers 404 at once, the new one the feed", async () => {
    const { owner } = await person();
    const first = await turnOn(owner);
    expect((await fetchFeed(first.path)).statusCode).toBe(200);

    const second = await turnOn(owner);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "No calendar feed at this address" });
    expect((await fetchFeed(second.path)).statusCode).toBe(200);
    expect((await callFeed("GET", owner)).json()).toMatchObject({ enabled: true, url: second.url });
  });

  test("turned off, the address answers 404 and the feed reads off; turning off again changes nothing", async () => {
    const { owner } = await person();
    const on = await turnOn(owner);
    const off = await callFeed("DELETE", owner);
    expect(off.statusCode).toBe(204);
    expect(off.body).toBe("");
    expect((await fetchFeed(on.path)).statusCode).toBe(404);
    expect((await callFeed("GET", owner)).json()).toEqual({ enabled: false, url: null, created_at: null });
    expect((await callFeed("DELETE", owner)).statusCode).toBe(204);
  });

  test("belongs to the person alone: another member, Admin or not, is a 403; another organization's user a 404", async () => {
    const { owner, orgId } = await person();
    await turnOn(owner);
    const manager = await addMember(t, orgId, "manager");
    const member = await addMember(t, orgId, "member");
    const outsider = (await person()).owner;
    const loner = await buildUser(t);

    const before = await snapshot(t.db);
    for (const method of ["GET", "POST", "DELETE"] as const) {
      // The Admin reading a Member's feed, the Manager and the Member reading the Admin's.
      for (const [caller, target] of [
        [owner, member],
        [manager, owner],
        [member, owner],
      ] as const) {
        const response = await callFeed(method, target, caller.token);
        expect(response.statusCode, `${method} by another member`).toBe(403);
        expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
      }
      for (const caller of [outsider, loner]) {
        const response = await callFeed(method, owner, caller.token);
        expect(response.statusCode, `${method} from outside the organization`).toBe(404);
        expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "User not found" });
      }
      expect((await request(t.app, { method, url: feedUrl(owner.id) })).statusCode).toBe(401);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a person without an organization may turn it on: their feed is an empty calendar", async () => {
    const loner = await buildUser(t);
    const on = await turnOn(loner);
    const response = await fetchFeed(on.path);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).not.toContain("BEGIN:VEVENT");
  });

  test("a malformed user id is a 400 naming the field", async () => {
    const { owner } = await person();
    const response = await request(t.app, { method: "POST", url: feedUrl("not-a-uuid"), token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("params.id");
  });
});

describe("GET /ics/{secret}.ics", () => {
  test("answers iCalendar without a session, cacheable privately for five minutes, never indexed", async () => {
    const { owner } = await person();
    const on = await turnOn(owner);
    const response = await fetchFeed(on.path);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, max-age=300");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR$/);
    expect(response.body).toContain("PRODID:-//Timetrap//Calendar feed//EN\r\n");

    // A token sent along changes nothing: the address is the only key.
    const withToken = await request(t.app, { method: "GET", url: on.path, token: "forged" });
    expect(withToken.statusCode).toBe(200);
    const head = await request(t.app, { method: "HEAD", url: on.path });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  });

  test("an address that is not a secret's shape, or names no feed, is a JSON 404 and never the web app", async () => {
    for (const path of ["/ics/short.ics", `/ics/${"a".repeat(43)}.ics`, `/ics/${"a".repeat(43)}`, "/ics/"]) {
      const response = await fetchFeed(path, "198.51.100.20");
      expect(response.statusCode, path).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
    }
  });

  test("the log never carries a feed's address", async () => {
    const { owner } = await person();
    const on = await turnOn(owner);
    const secret = on.path.slice("/ics/".length, -".ics".length);
    await fetchFeed(on.path);
    await fetchFeed(`/ics/${"b".repeat(43)}.ics`, "198.51.100.21");
    const lines = JSON.stringify(t.logs);
    expect(lines).toContain("/ics/[redacted]");
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain("b".repeat(43));
  });

  test("a client asking for addresses that name no feed is answered 429 past the limit, with Retry-After", async () => {
    const client = "203.0.113.77";
    for (let attempt = 1; attempt <= unknownFeedRule.limit; attempt++) {
      expect((await fetchFeed(`/ics/${"c".repeat(42)}${attempt % 10}.ics`, client)).statusCode).toBe(404);
    }
    const refused = await fetchFeed(`/ics/${"d".repeat(43)}.ics`, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    // Another client, and a feed that exists asked from the same client, are not held back by it.
    expect((await fetchFeed(`/ics/${"d".repeat(43)}.ics`, "203.0.113.78")).statusCode).toBe(404);
    const { owner } = await person();
    const on = await turnOn(owner);
    expect((await fetchFeed(on.path, client)).statusCode).toBe(200);
  });

  test("one feed fetched past its hourly budget is answered 429, and other feeds are not", async () => {
    const { owner } = await person();
    const on = await turnOn(owner);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, owner.id));
    // The budget spent, as a runaway client would spend it.
    const limits = createLimitsService(t.db);
    for (let fetch = 1; fetch < feedFetchRule.limit; fetch++) await limits.hit(feedFetchRule, row!.secretHash);
    expect((await fetchFeed(on.path)).statusCode).toBe(200);
    const refused = await fetchFeed(on.path);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const other = await turnOn((await person()).owner);
    expect((await fetchFeed(other.path)).statusCode).toBe(200);
  });
});
