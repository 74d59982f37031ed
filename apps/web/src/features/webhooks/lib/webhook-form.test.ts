import type { Webhook } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { type WebhookFormValues, webhookFormValues, webhookPayload } from "./webhook-form";

const statusA = "0b6f3c1e-1a2b-4c3d-8e4f-000000000001";
const statusB = "0b6f3c1e-1a2b-4c3d-8e4f-000000000002";

const valid: WebhookFormValues = {
  url: "https://hooks.example.com/in",
  description: "ERP",
  events: ["project.status.change"],
  enabled: true,
  statusCondition: "always",
  statusIds: [],
};

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    uid: "wh-1",
    url: "https://hooks.example.com/in",
    description: "ERP",
    events: ["project.margin.at_risk", "project.status.change"],
    enabled: false,
    conditions: { "project.status.change": [statusA] },
    status: "disabled",
    failing_since: null,
    disabled_reason: null,
    secret_hint: "abcd",
    created_at: "2026-03-09T12:00:00.000Z",
    last_delivery: null,
    ...overrides,
  };
}

describe("webhook form values", () => {
  it("starts a new webhook on the status change, always, enabled", () => {
    expect(webhookFormValues(null)).toEqual({ ...valid, url: "", description: "" });
  });

  it("reads a webhook's status condition as the statuses it lists, events in the modal's order", () => {
    expect(webhookFormValues(webhook())).toEqual({
      url: "https://hooks.example.com/in",
      description: "ERP",
      events: ["project.status.change", "project.margin.at_risk"],
      enabled: false,
      statusCondition: "statuses",
      statusIds: [statusA],
    });
  });

  it("reads a webhook without a condition as always", () => {
    expect(webhookFormValues(webhook({ conditions: {} })).statusCondition).toBe("always");
  });
});

describe("webhook payload", () => {
  it.each([
    ["", { url: { key: "urlRequired" } }],
    ["https://a", { url: { key: "urlRequired" } }],
    ["  https://a  ", { url: { key: "urlRequired" } }],
    ["ftp://hooks.example.com", { url: { key: "urlScheme" } }],
    ["hooks.example.com/in", { url: { key: "urlScheme" } }],
    ["https://user:pw@hooks.example.com", { url: { key: "urlCredentials" } }],
  ])("refuses the url %j", (url, problems) => {
    expect(webhookPayload({ ...valid, url })).toEqual({ ok: false, problems });
  });

  it("lets http through, which only the server may refuse", () => {
    expect(webhookPayload({ ...valid, url: "http://127.0.0.1:39100/in" }).ok).toBe(true);
  });

  it("sends the status change always, trimmed", () => {
    expect(webhookPayload({ ...valid, url: " https://hooks.example.com/in " })).toEqual({
      ok: true,
      payload: {
        url: "https://hooks.example.com/in",
        description: "ERP",
        events: ["project.status.change"],
        enabled: true,
        conditions: { "project.status.change": "always" },
      },
    });
  });

  it("sends the statuses chosen for the status change", () => {
    const result = webhookPayload({ ...valid, statusCondition: "statuses", statusIds: [statusA, statusB] });
    expect(result.ok && result.payload.conditions).toEqual({ "project.status.change": [statusA, statusB] });
  });

  it("asks for a status when only some are chosen and none is", () => {
    expect(webhookPayload({ ...valid, statusCondition: "statuses" })).toEqual({
      ok: false,
      problems: { statusIds: { key: "statusesRequired" } },
    });
  });

  it("sends no condition for an event not chosen, and the other events without any", () => {
    const result = webhookPayload({
      ...valid,
      events: ["project.margin.at_risk", "project.budget.threshold"],
      statusCondition: "statuses",
      statusIds: [statusA],
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        url: "https://hooks.example.com/in",
        description: "ERP",
        events: ["project.budget.threshold", "project.margin.at_risk"],
        enabled: true,
        conditions: {},
      },
    });
  });

  it("needs an event", () => {
    expect(webhookPayload({ ...valid, events: [] })).toEqual({
      ok: false,
      problems: { events: { key: "eventsRequired" } },
    });
  });

  it("refuses a description over 255 characters", () => {
    expect(webhookPayload({ ...valid, description: "x".repeat(256) })).toEqual({
      ok: false,
      problems: { description: { key: "descriptionTooLong" } },
    });
  });
});
