import { describe, expect, it } from "vitest";
import {
  googleEventPatchSchema,
  googleEventsQuerySchema,
  type IntegrationService,
  integrationInputSchema,
  isShownGoogleEvent,
  mayConnectIntegration,
  normalizeSiteAddress,
  siteAddressPattern,
} from "./integrations.js";
import type { PlanConfigEntry } from "./plans.js";

const free: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 }];
const unlimited: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: true, tierLimited: false, tierLimit: null }];
const disabled: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: false, tierLimited: false, tierLimit: null }];

describe("mayConnectIntegration (the plan's INTEGRATION unit)", () => {
  it.each<[string, PlanConfigEntry[] | null, IntegrationService[], IntegrationService, boolean]>([
    ["the first one on the free plan", free, [], "gcalendar", true],
    ["the second one on the free plan", free, ["gcalendar"], "todoist", true],
    ["a third one on the free plan is refused", free, ["gcalendar", "todoist"], "asana", false],
    ["reconnecting one the person has never counts as one more", free, ["gcalendar", "todoist"], "gcalendar", true],
    ["any number on the unlimited plan", unlimited, ["gcalendar", "todoist", "asana", "paymo"], "jira", true],
    ["none where the plan does not have the unit", disabled, [], "gcalendar", false],
    ["without a plan's list nothing is blocked", null, ["gcalendar", "todoist", "asana"], "jira", true],
  ])("%s", (_label, config, connected, service, expected) => {
    expect(mayConnectIntegration(config, connected, service)).toBe(expected);
  });
});

describe("isShownGoogleEvent (spec §7: events the person declined are left out)", () => {
  it.each<[string, Parameters<typeof isShownGoogleEvent>[0], boolean]>([
    ["an event without attendees", { status: "confirmed" }, true],
    ["a cancelled event", { status: "cancelled" }, false],
    ["declined by the person", { attendees: [{ self: true, responseStatus: "declined" }] }, false],
    ["declined by someone else", { attendees: [{ responseStatus: "declined" }, { self: true }] }, true],
    ["the person still to answer", { attendees: [{ self: true, responseStatus: "needsAction" }] }, true],
    ["accepted, tentative", { status: "tentative", attendees: [{ self: true, responseStatus: "tentative" }] }, true],
  ])("%s", (_label, event, expected) => {
    expect(isShownGoogleEvent(event)).toBe(expected);
  });
});

describe("googleEventPatchSchema", () => {
  it.each<[string, unknown, boolean]>([
    ["a new title", { summary: "Riunione" }, true],
    ["new times", { start_time: 1_000, end_time: 2_000 }, true],
    ["both", { summary: "Riunione", start_time: 1_000, end_time: 2_000 }, true],
    ["nothing to change", {}, false],
    ["a start without an end", { start_time: 1_000 }, false],
    ["an end before the start", { start_time: 2_000, end_time: 1_000 }, false],
    ["an end equal to the start", { start_time: 2_000, end_time: 2_000 }, false],
  ])("%s", (_label, body, valid) => {
    expect(googleEventPatchSchema.safeParse(body).success).toBe(valid);
  });
});

describe("googleEventsQuerySchema", () => {
  const day = 86_400_000;
  it.each<[string, Record<string, unknown>, boolean]>([
    ["one calendar", { start_time: "0", end_time: String(day), calendar_id: "a@example.com" }, true],
    ["several calendars", { start_time: "0", end_time: String(day), calendar_id: ["a", "b"] }, true],
    ["no calendar", { start_time: "0", end_time: String(day) }, false],
    ["a reversed range", { start_time: String(day), end_time: "0", calendar_id: "a" }, false],
    ["400 days", { start_time: "0", end_time: String(400 * day), calendar_id: "a" }, true],
    ["401 days", { start_time: "0", end_time: String(401 * day), calendar_id: "a" }, false],
  ])("%s", (_label, query, valid) => {
    expect(googleEventsQuerySchema.safeParse(query).success).toBe(valid);
  });

  it("reads one calendar_id as a list of one", () => {
    const parsed = googleEventsQuerySchema.parse({ start_time: "0", end_time: "10", calendar_id: "a" });
    expect(parsed.calendar_id).toEqual(["a"]);
  });
});

describe("integrationInputSchema", () => {
  it("defaults the token type to an API key and the metadata to none", () => {
    expect(integrationInputSchema.parse({ service: "paymo", auth_token: " key " })).toEqual({
      service: "paymo",
      auth_token: "key",
      token_type: "APIKEY",
      metadata: {},
    });
  });

  it.each<[string, unknown]>([
    ["an unknown service", { service: "trello", auth_token: "x" }],
    ["an empty credential", { service: "paymo", auth_token: "   " }],
    ["a bad e-mail", { service: "jira", auth_token: "x", metadata: { email: "not-an-address" } }],
  ])("refuses %s", (_label, body) => {
    expect(integrationInputSchema.safeParse(body).success).toBe(false);
  });

  it("takes Jira's e-mail and site, the site normalized, and Basic as its scheme", () => {
    expect(
      integrationInputSchema.parse({
        service: "jira",
        auth_token: "ATATT-token",
        metadata: { email: " giulia@example.com ", domain: "https://Acme.Atlassian.net/jira/your-work?x=1" },
      }),
    ).toEqual({
      service: "jira",
      auth_token: "ATATT-token",
      token_type: "Basic",
      metadata: { email: "giulia@example.com", domain: "acme.atlassian.net" },
    });
  });

  it.each<[string, unknown, string]>([
    [
      "Jira without an e-mail",
      { service: "jira", auth_token: "t", metadata: { domain: "acme.atlassian.net" } },
      "email",
    ],
    ["Jira without a site", { service: "jira", auth_token: "t", metadata: { email: "a@example.com" } }, "domain"],
    ["Jira without metadata", { service: "jira", auth_token: "t" }, "metadata"],
    [
      "a Jira site that is no address",
      { service: "jira", auth_token: "t", metadata: { email: "a@example.com", domain: "not a site" } },
      "domain",
    ],
    [
      "a Jira site of another scheme",
      { service: "jira", auth_token: "t", metadata: { email: "a@example.com", domain: "ftp://acme.atlassian.net" } },
      "domain",
    ],
    [
      "a Jira site with a password in it",
      { service: "jira", auth_token: "t", metadata: { email: "a@example.com", domain: "me:pw@acme.atlassian.net" } },
      "domain",
    ],
    ["Paymo with a Bearer token", { service: "paymo", auth_token: "k", token_type: "Bearer" }, "token_type"],
  ])("refuses %s, naming the field", (_label, body, field) => {
    const result = integrationInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContainEqual(expect.stringContaining(field));
  });
});

describe("normalizeSiteAddress", () => {
  it.each<[string, string]>([
    ["acme.atlassian.net", "acme.atlassian.net"],
    ["  ACME.atlassian.NET  ", "acme.atlassian.net"],
    ["https://acme.atlassian.net/", "acme.atlassian.net"],
    ["https://acme.atlassian.net:443/browse/PROJ-1", "acme.atlassian.net"],
    ["http://127.0.0.1:4321", "127.0.0.1:4321"],
    ["127.0.0.1:4321", "127.0.0.1:4321"],
    ["acme.atlassian.net.", "acme.atlassian.net"],
    ["http://acme.example:80", "acme.example"],
    ["ftp://acme.atlassian.net", "ftp://acme.atlassian.net"],
  ])("%s is %s", (typed, normalized) => {
    expect(normalizeSiteAddress(typed)).toBe(normalized);
  });

  it.each([
    ["acme.atlassian.net", true],
    ["127.0.0.1:4321", true],
    ["xn--bcher-kva.example", true],
    ["localhost", false],
    ["acme", false],
    ["[::1]", false],
    ["acme.atlassian.net/path", false],
    ["-acme.atlassian.net", false],
  ])("%s has the shape of a site: %s", (site, valid) => {
    expect(siteAddressPattern.test(site)).toBe(valid);
  });
});
