import { describe, expect, it } from "vitest";
import {
  googleEventPatchSchema,
  googleEventsQuerySchema,
  type IntegrationService,
  integrationInputSchema,
  isShownGoogleEvent,
  mayConnectIntegration,
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
});
