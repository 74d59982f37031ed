import { screen, waitFor, within } from "@testing-library/react";
import type { Integration, IntegrationServiceState, PlanConfigEntry, UserIntegrations } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildOrganization, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const me = "0f0e0d0c-0000-4000-8000-000000000001";
const route = `/user/${me}/integrations`;
const integrationsPath = `/api/v1/user/${me}/integrations`;
const createPath = `/api/v1/user/${me}/integration`;
const freePlan: PlanConfigEntry[] = [{ unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 }];

function integration(overrides: Partial<Integration> = {}): Integration {
  return {
    service: "jira",
    status: "active",
    token_type: "Basic",
    expires_at: null,
    metadata: { account_email: "ada@acme.com", domain: "acme.atlassian.net", scopes: [] },
    last_error: null,
    write_back: true,
    created_at: Date.UTC(2026, 2, 9, 12),
    ...overrides,
  };
}

/** Every service available, as a server with all of them configured answers, with `changes` per service. */
function answer(
  changes: Partial<Record<IntegrationServiceState["service"], Partial<IntegrationServiceState>>> = {},
): UserIntegrations {
  const services: IntegrationServiceState[] = (
    [
      ["gcalendar", "redirect"],
      ["todoist", "redirect"],
      ["asana", "redirect"],
      ["paymo", "credentials"],
      ["jira", "credentials"],
    ] as const
  ).map(([service, connection]) => ({
    service,
    connection,
    available: true,
    unavailable_reason: null,
    always_on: false,
    integration: null,
    ...changes[service],
  }));
  const used = services.filter((state) => state.integration).length;
  return { services, limit: { used, tier_limit: 2, blocked: used >= 2 } };
}

/** The page's server: `states` answer the list one after the other (the last one stays). */
function integrationsServer(
  states: UserIntegrations[],
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
  });
  let asked = 0;
  return stubSignedInApi(user, {
    [`GET ${integrationsPath}`]: () => {
      const data = states[Math.min(asked, states.length - 1)] as UserIntegrations;
      asked += 1;
      return jsonResponse(data);
    },
    ...routes,
  });
}

const toggle = (name: string) => screen.findByRole("switch", { name: `${name} integration` });
const dialog = (name: string) => screen.findByRole("dialog", { name });

describe("the credentials modal (spec part 1 §2, §4 'Integrations', §5)", () => {
  it("connects Paymo with its API key, sent as the spec's call, and closes", async () => {
    const connected = integration({
      service: "paymo",
      token_type: "APIKEY",
      metadata: { account_email: null, domain: null, scopes: [] },
    });
    const fetch = integrationsServer([answer(), answer({ paymo: { integration: connected } })], {
      routes: { [`POST ${createPath}`]: () => jsonResponse(connected, 201) },
    });
    const { user } = renderApp({ route });
    await user.click(await toggle("Paymo"));
    const modal = await dialog("Connect Paymo");
    const connect = within(modal).getByRole("button", { name: "Connect" });
    // Spec §5: Paymo needs its API key, and asks for nothing else.
    expect(within(modal).queryByRole("textbox")).not.toBeInTheDocument();
    expect(connect).toBeDisabled();
    await user.type(within(modal).getByLabelText(/^API key/), "  pk-123 ");
    expect(connect).toBeEnabled();
    await user.click(connect);

    expect(await screen.findByText("Paymo is connected")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", createPath).map((request) => request.body)).toEqual([
      { user_id: me, service: "paymo", auth_token: "pk-123", token_type: "APIKEY", metadata: {} },
    ]);
    expect(await toggle("Paymo")).toBeChecked();
  });

  it("shows Jira's refusal in the modal, keeps it open with the values, and connects once corrected", async () => {
    let posts = 0;
    const fetch = integrationsServer([answer(), answer({ jira: { integration: integration() } })], {
      routes: {
        [`POST ${createPath}`]: () => {
          posts += 1;
          return posts === 1
            ? errorResponse(400, "VALIDATION_FAILED", "Jira refused the e-mail or the API token")
            : jsonResponse(integration(), 201);
        },
      },
    });
    const { user } = renderApp({ route });
    await user.click(await toggle("Jira"));
    const modal = await dialog("Connect Jira");
    const connect = within(modal).getByRole("button", { name: "Connect" });
    await user.type(within(modal).getByRole("textbox", { name: /Account e-mail/ }), "ada@acme.com");
    expect(connect).toBeDisabled();
    await user.type(within(modal).getByRole("textbox", { name: /Jira site/ }), "https://acme.atlassian.net/");
    expect(connect).toBeDisabled();
    await user.type(within(modal).getByLabelText(/^API token/), "wrong-token");
    await user.click(connect);

    const refusal = await within(modal).findByRole("alert");
    expect(refusal).toHaveTextContent("Could not connect Jira");
    expect(refusal).toHaveTextContent("Jira refused the e-mail or the API token");
    expect(screen.getByRole("dialog", { name: "Connect Jira" })).toBeInTheDocument();
    expect(within(modal).getByRole("textbox", { name: /Account e-mail/ })).toHaveValue("ada@acme.com");
    expect(within(modal).getByRole("textbox", { name: /Jira site/ })).toHaveValue("https://acme.atlassian.net/");
    expect(within(modal).getByLabelText(/^API token/)).toHaveValue("wrong-token");
    // Nothing else changed: the list is not asked again, the toggle is still off, no toast.
    expect(fetch.requestsTo("GET", integrationsPath)).toHaveLength(1);
    expect(screen.queryByText("Jira is connected")).not.toBeInTheDocument();
    expect(fetch.requestsTo("POST", createPath)[0]?.body).toEqual({
      user_id: me,
      service: "jira",
      auth_token: "wrong-token",
      token_type: "Basic",
      metadata: { email: "ada@acme.com", domain: "acme.atlassian.net" },
    });

    const token = within(modal).getByLabelText(/^API token/);
    await user.clear(token);
    await user.type(token, "right-token");
    await user.click(connect);
    expect(await screen.findByText("Jira is connected")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", createPath)).toHaveLength(2);
    expect(await toggle("Jira")).toBeChecked();
    expect(await screen.findByTestId("integration-jira")).toHaveTextContent(
      "Connected as ada@acme.com on acme.atlassian.net",
    );
  });

  it("asks for an e-mail and a site address before sending anything", async () => {
    const fetch = integrationsServer([answer()]);
    const { user } = renderApp({ route });
    await user.click(await toggle("Jira"));
    const modal = await dialog("Connect Jira");
    await user.type(within(modal).getByRole("textbox", { name: /Account e-mail/ }), "ada@");
    await user.type(within(modal).getByRole("textbox", { name: /Jira site/ }), "acme");
    await user.type(within(modal).getByLabelText(/^API token/), "tok");
    await user.click(within(modal).getByRole("button", { name: "Connect" }));
    expect(within(modal).getByRole("textbox", { name: /Account e-mail/ })).toHaveAccessibleDescription(
      "Enter a valid e-mail address",
    );
    expect(within(modal).getByRole("textbox", { name: /Jira site/ })).toHaveAccessibleDescription(
      "Enter your site's address, like your-team.atlassian.net",
    );
    expect(fetch.requestsTo("POST", createPath)).toHaveLength(0);
  });

  it("sends nothing when cancelled, and opens empty again", async () => {
    const fetch = integrationsServer([answer()]);
    const { user } = renderApp({ route });
    await user.click(await toggle("Paymo"));
    let modal = await dialog("Connect Paymo");
    await user.type(within(modal).getByLabelText(/^API key/), "pk-1");
    await user.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("POST", createPath)).toHaveLength(0);
    expect(await toggle("Paymo")).not.toBeChecked();

    await user.click(await toggle("Paymo"));
    modal = await dialog("Connect Paymo");
    expect(within(modal).getByLabelText(/^API key/)).toHaveValue("");
  });

  it("reconnects a refused Jira through the modal, its e-mail and site filled in", async () => {
    integrationsServer([
      answer({
        jira: {
          integration: integration({ status: "needs_reconnect", last_error: "Jira: Unauthorized" }),
        },
      }),
    ]);
    const { user } = renderApp({ route });
    const row = await screen.findByTestId("integration-jira");
    await user.click(within(row).getByRole("button", { name: "Reconnect" }));
    const modal = await dialog("Connect Jira");
    expect(within(modal).getByRole("textbox", { name: /Account e-mail/ })).toHaveValue("ada@acme.com");
    expect(within(modal).getByRole("textbox", { name: /Jira site/ })).toHaveValue("acme.atlassian.net");
    expect(within(modal).getByLabelText(/^API token/)).toHaveValue("");
  });

  it("asks it in Italian to an Italian reader", async () => {
    integrationsServer([answer()], { language: "it" });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("switch", { name: "Integrazione Jira" }));
    const modal = await dialog("Collega Jira");
    expect(within(modal).getByRole("textbox", { name: /E-mail dell'account/ })).toBeInTheDocument();
    expect(within(modal).getByRole("textbox", { name: /Sito Jira/ })).toBeInTheDocument();
    expect(within(modal).getByLabelText(/^Token API/)).toBeInTheDocument();
    expect(within(modal).getByRole("button", { name: "Collega" })).toBeDisabled();
  });
});

describe("turning off a credentials service", () => {
  it("asks first, and turns Jira off once confirmed", async () => {
    const fetch = integrationsServer([answer({ jira: { integration: integration() } }), answer()], {
      routes: { [`DELETE /api/v1/user/${me}/integration/jira`]: () => new Response(null, { status: 204 }) },
    });
    const { user } = renderApp({ route });
    await user.click(await toggle("Jira"));
    const confirm = await dialog("Turn off the integration?");
    expect(confirm).toHaveTextContent("Timetrap will forget the credentials of Jira");
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/jira`)).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Jira disconnected")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/jira`)).toHaveLength(1);
    await waitFor(async () => expect(await toggle("Jira")).not.toBeChecked());
  });
});

describe("the write-back switch (decision 032)", () => {
  const writeBackSwitch = (service: string) =>
    screen.findByRole("switch", { name: `Write logged time back to ${service}` });

  it("is on each connected Todoist, Asana, Paymo and Jira, saying what it writes, and not on Google Calendar", async () => {
    integrationsServer([
      answer({
        gcalendar: { integration: integration({ service: "gcalendar", token_type: "Bearer" }) },
        todoist: { integration: integration({ service: "todoist", token_type: "Bearer" }) },
        asana: { integration: integration({ service: "asana", token_type: "Bearer", write_back: false }) },
        paymo: { integration: integration({ service: "paymo", token_type: "APIKEY" }) },
        jira: { integration: integration() },
      }),
    ]);
    renderApp({ route });
    for (const [name, checked, description] of [
      ["Todoist", true, "A comment on the Todoist task with the time of each completed block."],
      ["Asana", false, "A comment on the Asana task with the time of each completed block."],
      ["Paymo", true, "A time entry on the Paymo task for each completed block."],
      ["Jira", true, "A worklog on the Jira issue for each completed block."],
    ] as const) {
      const control = await writeBackSwitch(name);
      if (checked) expect(control).toBeChecked();
      else expect(control).not.toBeChecked();
      expect(control).toHaveAccessibleDescription(description);
    }
    expect(
      within(await screen.findByTestId("integration-gcalendar")).queryByRole("switch", { name: /Write logged time/ }),
    ).not.toBeInTheDocument();
  });

  it("is not shown before the service is connected", async () => {
    integrationsServer([answer()]);
    renderApp({ route });
    await toggle("Jira");
    expect(screen.queryByRole("switch", { name: /Write logged time/ })).not.toBeInTheDocument();
  });

  it("turns write-back off and on again with the integration's PATCH", async () => {
    let writeBack = true;
    const fetch = integrationsServer([answer({ jira: { integration: integration() } })], {
      routes: {
        [`GET ${integrationsPath}`]: () =>
          jsonResponse(answer({ jira: { integration: integration({ write_back: writeBack }) } })),
        [`PATCH /api/v1/user/${me}/integration/jira`]: ({ body }) => {
          writeBack = (body as { write_back: boolean }).write_back;
          return jsonResponse(integration({ write_back: writeBack }));
        },
      },
    });
    const { user } = renderApp({ route });
    const control = await writeBackSwitch("Jira");
    expect(control).toBeChecked();
    await user.click(control);
    expect(await screen.findByText("Logged time no longer goes back to Jira")).toBeInTheDocument();
    await waitFor(() => expect(control).not.toBeChecked());
    await user.click(control);
    expect(await screen.findByText("Logged time now goes back to Jira")).toBeInTheDocument();
    await waitFor(() => expect(control).toBeChecked());
    expect(fetch.requestsTo("PATCH", `/api/v1/user/${me}/integration/jira`).map((request) => request.body)).toEqual([
      { write_back: false },
      { write_back: true },
    ]);
    // The integration itself stays connected.
    expect(await toggle("Jira")).toBeChecked();
    expect(fetch.requestsTo("DELETE", `/api/v1/user/${me}/integration/jira`)).toHaveLength(0);
  });

  it("stays as it was when the change is refused, with the server's words", async () => {
    integrationsServer([answer({ paymo: { integration: integration({ service: "paymo" }) } })], {
      routes: {
        [`PATCH /api/v1/user/${me}/integration/paymo`]: () => errorResponse(404, "NOT_FOUND", "Paymo is not connected"),
      },
    });
    const { user } = renderApp({ route });
    const control = await writeBackSwitch("Paymo");
    await user.click(control);
    expect(await screen.findByText("Paymo is not connected")).toBeInTheDocument();
    await waitFor(() => expect(control).toBeChecked());
    expect(control).toBeEnabled();
  });
});
