import type { Integration, IntegrationServiceState, PlanConfigEntry, UserIntegrations } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { connectedServices, integrationView } from "./integration-view";

const integration = (overrides: Partial<Integration> = {}): Integration => ({
  service: "gcalendar",
  status: "active",
  token_type: "Bearer",
  expires_at: null,
  metadata: { account_email: null, domain: null, scopes: [] },
  last_error: null,
  write_back: true,
  created_at: 0,
  ...overrides,
});

const state = (overrides: Partial<IntegrationServiceState> = {}): IntegrationServiceState => ({
  service: "gcalendar",
  connection: "redirect",
  available: true,
  unavailable_reason: null,
  always_on: false,
  integration: null,
  ...overrides,
});

const freePlan: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 }];
const open = { used: 0, tier_limit: 2, blocked: false };

describe("a service's row on the integrations page", () => {
  it.each([
    [
      "connected, signed in with Google",
      state({ always_on: true, integration: integration() }),
      "always_on",
      true,
      true,
    ],
    ["connected", state({ integration: integration() }), "connected", true, false],
    ["free to connect", state(), "available", false, false],
    [
      "without a client on the server",
      state({ available: false, unavailable_reason: "not_configured" }),
      "not_configured",
      false,
      true,
    ],
    [
      "without a connector in this version",
      state({ service: "todoist", available: false, unavailable_reason: "not_yet_available" }),
      "coming_soon",
      false,
      true,
    ],
    [
      "a credentials service, connected through its modal",
      state({ service: "paymo", connection: "credentials" }),
      "available",
      false,
      false,
    ],
    [
      "a credentials service without a connector in this version",
      state({ service: "jira", connection: "credentials", available: false, unavailable_reason: "not_yet_available" }),
      "coming_soon",
      false,
      true,
    ],
  ] as const)("%s: %s", (_name, service, mode, checked, disabled) => {
    const view = integrationView(service, { planConfig: freePlan, limit: open, connected: [] });
    expect(view).toMatchObject({ mode, checked, disabled, needsReconnect: false });
  });

  it("keeps a refused integration on, and says it needs reconnecting", () => {
    const view = integrationView(state({ integration: integration({ status: "needs_reconnect" }) }), {
      planConfig: freePlan,
      limit: open,
      connected: ["gcalendar"],
    });
    expect(view).toMatchObject({ mode: "connected", checked: true, disabled: false, needsReconnect: true });
  });

  it("greys a service not connected once the plan's integrations are all in use, by the domain rule", () => {
    const view = integrationView(state(), {
      planConfig: freePlan,
      limit: open,
      connected: ["paymo", "jira"],
    });
    expect(view).toMatchObject({ mode: "plan_blocked", checked: false, disabled: true });
  });

  it("greys a credentials service too at the plan's limit: its modal would be refused", () => {
    const view = integrationView(state({ service: "jira", connection: "credentials" }), {
      planConfig: freePlan,
      limit: { used: 2, tier_limit: 2, blocked: true },
      connected: ["gcalendar", "todoist"],
    });
    expect(view).toMatchObject({ mode: "plan_blocked", disabled: true });
  });

  it("greys it too when the server counts the unit as used up", () => {
    const view = integrationView(state(), {
      planConfig: freePlan,
      limit: { used: 2, tier_limit: 2, blocked: true },
      connected: [],
    });
    expect(view.mode).toBe("plan_blocked");
  });

  it("leaves a connected service free to turn off at the plan's limit", () => {
    const view = integrationView(state({ integration: integration() }), {
      planConfig: [{ unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 1 }],
      limit: { used: 1, tier_limit: 1, blocked: true },
      connected: ["gcalendar"],
    });
    expect(view).toMatchObject({ mode: "connected", disabled: false });
  });

  it("blocks nothing without a plan, and everything with a plan that leaves integrations out", () => {
    expect(integrationView(state(), { planConfig: null, limit: open, connected: ["paymo", "jira"] }).mode).toBe(
      "available",
    );
    expect(integrationView(state(), { planConfig: [], limit: open, connected: [] }).mode).toBe("plan_blocked");
  });

  it("counts every connected service, whatever its status", () => {
    const answer: UserIntegrations = {
      services: [
        state({ integration: integration({ status: "needs_reconnect" }) }),
        state({ service: "todoist" }),
        state({ service: "paymo", connection: "credentials", integration: integration({ service: "paymo" }) }),
      ],
      limit: open,
    };
    expect(connectedServices(answer)).toEqual(["gcalendar", "paymo"]);
  });
});
