import { screen, waitFor, within } from "@testing-library/react";
import type {
  ConnectErrorCode,
  Integration,
  IntegrationServiceState,
  PlanConfigEntry,
  UserIntegrations,
} from "@timetrap/domain";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { buildOrganization, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { openConsentPage } from "../lib/open-consent-page";

vi.mock("../lib/open-consent-page", () => ({ openConsentPage: vi.fn() }));
beforeEach(() => vi.mocked(openConsentPage).mockClear());

const me = "0f0e0d0c-0000-4000-8000-000000000001";
const route = `/user/${me}/integrations`;
const integrationsPath = `/api/v1/user/${me}/integrations`;
const freePlan: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 }];

function integration(overrides: Partial<Integration> = {}): Integration {
  return {
    service: "gcalendar",
    status: "active",
    token_type: "Bearer",
    expires_at: null,
    metadata: { account_email: null, domain: null, scopes: [] },
    last_error: null,
    write_back: true,
    created_at: Date.UTC(2026, 2, 9, 12),
    ...overrides,
  };
}

/** The five services as a server configured for Google answers them, with `changes` per service. */
function answer(
  changes: Partial<Record<IntegrationServiceState["service"], Partial<IntegrationServiceState>>> = {},
  limit: Partial<UserIntegrations["limit"]> = {},
): UserIntegrations {
  const services: IntegrationServiceState[] = [
    { service: "gcalendar", connection: "redirect", available: true, unavailable_reason: null },
    { service: "todoist", connection: "redirect", available: false, unavailable_reason: "not_yet_available" },
    { service: "asana", connection: "redirect", available: false, unavailable_reason: "not_yet_available" },
    { service: "paymo", connection: "credentials", available: false, unavailable_reason: "not_yet_available" },
    { service: "jira", connection: "credentials", available: false, unavailable_reason: "not_yet_available" },
  ].map((base) => ({
    ...(base as Omit<IntegrationServiceState, "always_on" | "integration">),
    always_on: false,
    integration: null,
    ...changes[base.service as IntegrationServiceState["service"]],
  }));
  const used = services.filter((state) => state.integration).length;
  return { services, limit: { used, tier_limit: 2, blocked: used >= 2, ...limit } };
}

function integrationsServer(
  data: UserIntegrations,
  {
    routes = {},
    language = "en" as "en" | "it",
  }: { routes?: Record<string, StubHandler>; language?: "en" | "it" } = {},
) {
  const user = buildUser({
    uid: me,
    language,
    organization: buildOrganization({
      plan: { uid: "plan-free", code: "free", name: "Free", config: freePlan, subscription: null },
    }),
    integrations: data.services.filter((state) => state.integration).map(({ service }) => ({ service })),
  });
  return stubSignedInApi(user, { [`GET ${integrationsPath}`]: () => jsonResponse(data), ...routes });
}

const row = (service: string) => screen.findByTestId(`integration-${service}`);
const toggle = (name: string) => screen.findByRole("switch", { name: `${name} integration` });

describe("integrations page", () => {
  it("shows Google Calendar connected with its account, and turns it off at once, as a redirect service", async () => {
    const fetch = integrationsServer(
      answer({
        gcalendar: {
          integration: integration({ metadata: { account_email: "ada@gmail.com", domain: null, scopes: [] } }),
        },
      }),
      { routes: { [`DELETE /api/v1/user/${me}/integration/gcalendar`]: () => new Response(null, { status: 204 }) } },
    );
    const { user } = renderApp({ route });
    const google = await row("gcalendar");
    expect(google).toHaveTextContent("Connected");
    expect(google).toHaveTextContent("Connected as ada@gmail.com");
    const gcalendar = await toggle("Google Calendar");
    expect(gcalendar).toBeChecked();
    expect(gcalendar).toBeEnabled();
    expect(gcalendar).toHaveAccessibleDescription("Connected as ada@gmail.com");
    expect(screen.getByText("Integrations on your plan: 1 of 2")).toBeInTheDocument();

    await user.click(gcalendar);
    expect(await screen.findByText("Google Calendar disconnected")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/gcalendar`)).toHaveLength(1);
    // The list and the session's user (the sidebar's entries) are asked for again.
    await waitFor(() => expect(fetch.requestsTo("GET", integrationsPath)).toHaveLength(2));
    await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/auth/me")).toHaveLength(2));
  });

  it("says when a connection has no account e-mail since when it is connected", async () => {
    integrationsServer(answer({ gcalendar: { integration: integration() } }));
    renderApp({ route });
    expect(await row("gcalendar")).toHaveTextContent("Connected on 09/03/2026");
  });

  it("keeps Google Calendar on and its toggle disabled for a person who signs in with Google, saying why", async () => {
    integrationsServer(answer({ gcalendar: { always_on: true, integration: integration() } }));
    renderApp({ route });
    const gcalendar = await toggle("Google Calendar");
    expect(gcalendar).toBeChecked();
    expect(gcalendar).toBeDisabled();
    expect(gcalendar).toHaveAccessibleDescription(
      "Always on: you sign in with your Google account, so your calendar stays connected.",
    );
  });

  it("connects Google Calendar through its consent page", async () => {
    const consent = "https://accounts.example.com/o/oauth2/v2/auth?state=abc";
    const fetch = integrationsServer(answer(), {
      routes: { "GET /api/v1/connect/gcalendar": () => jsonResponse({ url: consent }) },
    });
    const { user } = renderApp({ route });
    const gcalendar = await toggle("Google Calendar");
    expect(gcalendar).not.toBeChecked();
    expect(await row("gcalendar")).toHaveTextContent("Not connected");
    await user.click(gcalendar);
    await waitFor(() => expect(openConsentPage).toHaveBeenCalledWith(consent));
    expect(fetch.requestsTo("GET", "/api/v1/connect/gcalendar")).toHaveLength(1);
    // Busy until the browser has left.
    expect(gcalendar).toBeDisabled();
  });

  it("tells the server's refusal to connect, and leaves the toggle usable", async () => {
    integrationsServer(answer(), {
      routes: {
        "GET /api/v1/connect/gcalendar": () =>
          errorResponse(403, "PLAN_LIMIT_REACHED", "Your plan allows 2 integrations per person"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await toggle("Google Calendar"));
    expect(await screen.findByText("Your plan allows 2 integrations per person")).toBeInTheDocument();
    expect(openConsentPage).not.toHaveBeenCalled();
    await waitFor(async () => expect(await toggle("Google Calendar")).toBeEnabled());
  });

  it("shows a service the server has no client for as not configured, never as a button that fails", async () => {
    integrationsServer(answer({ gcalendar: { available: false, unavailable_reason: "not_configured" } }));
    renderApp({ route });
    const gcalendar = await toggle("Google Calendar");
    expect(gcalendar).toBeDisabled();
    const google = await row("gcalendar");
    expect(within(google).getByText("Not configured")).toBeInTheDocument();
    expect(gcalendar).toHaveAccessibleDescription(
      "Not configured on this server: an administrator must set up the connection to Google Calendar first.",
    );
  });

  it("warns that a refused integration needs reconnecting, with its last error, and reconnects it", async () => {
    const consent = "https://accounts.example.com/o/oauth2/v2/auth?state=again";
    const fetch = integrationsServer(
      answer({
        gcalendar: {
          integration: integration({
            status: "needs_reconnect",
            last_error: "Google Calendar API: Token has been expired or revoked.",
          }),
        },
      }),
      { routes: { "GET /api/v1/connect/gcalendar": () => jsonResponse({ url: consent }) } },
    );
    const { user } = renderApp({ route });
    const google = await row("gcalendar");
    const warning = within(google).getByRole("alert");
    expect(warning).toHaveTextContent("Google Calendar needs reconnecting");
    expect(warning).toHaveTextContent("Last error: Google Calendar API: Token has been expired or revoked.");
    expect(within(google).getByText("Needs reconnecting")).toBeInTheDocument();
    // Still on: turning it off stays possible.
    expect(await toggle("Google Calendar")).toBeChecked();
    await user.click(within(warning).getByRole("button", { name: "Reconnect" }));
    await waitFor(() => expect(openConsentPage).toHaveBeenCalledWith(consent));
    expect(fetch.requestsTo("GET", "/api/v1/connect/gcalendar")).toHaveLength(1);
  });

  it("shows Todoist, Asana, Paymo and Jira as coming soon, their toggles disabled", async () => {
    integrationsServer(answer());
    renderApp({ route });
    for (const [service, name] of [
      ["todoist", "Todoist"],
      ["asana", "Asana"],
      ["paymo", "Paymo"],
      ["jira", "Jira"],
    ] as const) {
      const card = await row(service);
      expect(within(card).getByText("Coming soon")).toBeInTheDocument();
      expect(card).toHaveTextContent("Arrives in a coming version of Timetrap.");
      expect(await toggle(name)).toBeDisabled();
    }
  });

  it("greys the toggle of a service not connected once the plan's integrations are all in use", async () => {
    integrationsServer(
      answer({
        paymo: { integration: integration({ service: "paymo", token_type: "APIKEY" }) },
        jira: { integration: integration({ service: "jira", token_type: "Basic" }) },
      }),
    );
    renderApp({ route });
    const gcalendar = await toggle("Google Calendar");
    expect(gcalendar).toBeDisabled();
    expect(gcalendar).toHaveAccessibleDescription(
      "Your plan's integrations are all in use: turn one off, or move to a larger plan, to connect Google Calendar.",
    );
    expect(screen.getByText("Integrations on your plan: 2 of 2")).toBeInTheDocument();
    // The connected ones can still be turned off.
    expect(await toggle("Paymo")).toBeEnabled();
  });

  it("asks 'Disattivare l'integrazione?' before turning off a credentials service, and sends nothing on cancel", async () => {
    const fetch = integrationsServer(
      answer({ paymo: { integration: integration({ service: "paymo", token_type: "APIKEY" }) } }),
      {
        language: "it",
        routes: { [`DELETE /api/v1/user/${me}/integration/paymo`]: () => new Response(null, { status: 204 }) },
      },
    );
    const { user } = renderApp({ route });
    const paymo = await screen.findByRole("switch", { name: "Integrazione Paymo" });
    await user.click(paymo);
    let dialog = await screen.findByRole("dialog", { name: "Disattivare l'integrazione?" });
    await user.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/paymo`)).toHaveLength(0);

    await user.click(paymo);
    dialog = await screen.findByRole("dialog", { name: "Disattivare l'integrazione?" });
    await user.click(within(dialog).getByRole("button", { name: "Disattiva" }));
    expect(await screen.findByText("Paymo scollegato")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/paymo`)).toHaveLength(1);
  });

  it("tells a failed disconnection with the server's words", async () => {
    integrationsServer(answer({ gcalendar: { integration: integration() } }), {
      routes: {
        [`DELETE /api/v1/user/${me}/integration/gcalendar`]: () =>
          errorResponse(409, "CONFLICT", "Google Calendar stays on while you sign in with Google"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await toggle("Google Calendar"));
    expect(await screen.findByText("Google Calendar stays on while you sign in with Google")).toBeInTheDocument();
    expect(await toggle("Google Calendar")).toBeChecked();
  });

  it("says the page is not shown for another person, and asks nothing of the server", async () => {
    const fetch = integrationsServer(answer());
    renderApp({ route: "/user/someone-else/integrations" });
    expect(
      await screen.findByText("Integrations are personal: you can only see and change your own."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(fetch.requests.some((request) => request.path.includes("integrations"))).toBe(false);
  });

  it("shows the load error with a way to try again", async () => {
    let calls = 0;
    integrationsServer(answer(), {
      routes: {
        [`GET ${integrationsPath}`]: () => {
          calls += 1;
          return calls === 1 ? errorResponse(500, "INTERNAL", "Internal error") : jsonResponse(answer());
        },
      },
    });
    const { user } = renderApp({ route });
    expect(await screen.findByText("Could not load your integrations")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await toggle("Google Calendar")).toBeEnabled();
  });
});

describe("back from the consent page", () => {
  it("tells the connection, then takes the parameters off the address", async () => {
    integrationsServer(answer({ gcalendar: { integration: integration() } }));
    renderApp({ route: `${route}?connected=gcalendar` });
    expect(await screen.findByText("Google Calendar is connected")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(route));
    expect(await toggle("Google Calendar")).toBeChecked();
    expect(screen.getAllByText("Google Calendar is connected")).toHaveLength(1);
  });

  it.each([
    [
      "access_denied",
      "You did not allow Timetrap to access Google Calendar. You can turn it on again whenever you like.",
    ],
    [
      "invalid_state",
      "The connection could not be verified: its link was not valid or had already been used. Please try again.",
    ],
    ["expired_state", "The connection took more than 10 minutes and expired. Please try again."],
    ["exchange_failed", "Google Calendar did not confirm the connection. Please try again in a moment."],
    ["limit_reached", "Your plan's integrations are all in use: turn one off, or move to a larger plan, first."],
    ["not_configured", "Google Calendar is not configured on this server. Ask an administrator."],
  ] satisfies [ConnectErrorCode, string][])("tells the failure %s in words of its own", async (code, message) => {
    integrationsServer(answer());
    renderApp({ route: `${route}?service=gcalendar&error=${code}` });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText("Could not connect Google Calendar")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(route));
  });

  it("tells a failure it has no words for as such", async () => {
    integrationsServer(answer());
    renderApp({ route: `${route}?service=gcalendar&error=server_error` });
    expect(
      await screen.findByText("Something went wrong while connecting Google Calendar. Please try again."),
    ).toBeInTheDocument();
  });

  it("tells it in Italian to an Italian reader", async () => {
    integrationsServer(answer(), { language: "it" });
    renderApp({ route: `${route}?service=gcalendar&error=access_denied` });
    expect(await screen.findByText("Impossibile collegare Google Calendar")).toBeInTheDocument();
    expect(
      screen.getByText("Non hai autorizzato Timetrap ad accedere a Google Calendar. Puoi riattivarlo quando vuoi."),
    ).toBeInTheDocument();
  });
});
