import {
  type IntegrationService,
  type IntegrationServiceState,
  mayConnectIntegration,
  type PlanConfigEntry,
  type UserIntegrations,
} from "@timetrap/domain";

/**
 * What one service's row on the integrations page shows and allows:
 * - `always_on`: the calendar service of a person who signs in with Google, on and not to be turned off (spec);
 * - `connected`: on, and turned off from its toggle;
 * - `available`: off, turned on from its toggle (the authorization redirect, or the credentials modal);
 * - `plan_blocked`: off, the plan's INTEGRATION unit is used up (reconnecting one never counts);
 * - `not_configured`: off, the server has no client for the service;
 * - `coming_soon`: off, not connectable in this version (the server has no connector for it).
 */
export type IntegrationMode =
  | "always_on"
  | "connected"
  | "available"
  | "plan_blocked"
  | "not_configured"
  | "coming_soon";

export interface IntegrationView {
  service: IntegrationService;
  mode: IntegrationMode;
  checked: boolean;
  disabled: boolean;
  /** The service refused the stored token: the person must connect again (the toggle stays on meanwhile). */
  needsReconnect: boolean;
}

/** The services the person has connected, whatever their status: each counts in the plan's INTEGRATION unit. */
export function connectedServices(answer: UserIntegrations): IntegrationService[] {
  return answer.services.filter((state) => state.integration !== null).map((state) => state.service);
}

export function integrationView(
  state: IntegrationServiceState,
  {
    planConfig,
    limit,
    connected,
  }: {
    /** The plan of the person's organization, as the session has it. */
    planConfig: readonly PlanConfigEntry[] | null | undefined;
    /** The server's count of the unit, which is the latest word on it. */
    limit: UserIntegrations["limit"];
    connected: readonly IntegrationService[];
  },
): IntegrationView {
  const view = (mode: IntegrationMode): IntegrationView => ({
    service: state.service,
    mode,
    checked: mode === "always_on" || mode === "connected",
    disabled: mode !== "connected" && mode !== "available",
    needsReconnect: state.integration?.status === "needs_reconnect",
  });
  if (state.integration) return view(state.always_on ? "always_on" : "connected");
  if (!state.available) return view(state.unavailable_reason === "not_configured" ? "not_configured" : "coming_soon");
  // The web greys the toggle from the rule the server enforces at `GET connect/{service}` (ARCHITECTURE.md "Plans"),
  // and from the server's own answer, should the session's copy of the plan be older than it.
  if (limit.blocked || !mayConnectIntegration(planConfig, connected, state.service)) return view("plan_blocked");
  return view("available");
}
