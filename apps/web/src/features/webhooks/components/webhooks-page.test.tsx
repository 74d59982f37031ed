import { screen, waitFor, within } from "@testing-library/react";
import type { User, Webhook, WebhookDelivery, WorkflowStatus } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const route = "/organization/org-1/webhooks";
const listPath = "/api/v1/organization/org-1/webhooks";
const review = "0b6f3c1e-1a2b-4c3d-8e4f-000000000004";

const statuses: WorkflowStatus[] = [
  {
    uid: "0b6f3c1e-1a2b-4c3d-8e4f-000000000001",
    key: "open",
    name: "Open",
    editable: false,
    selected_by_default: true,
  },
  { uid: review, key: "in_review", name: "In review", editable: true, selected_by_default: false },
];

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    uid: "wh-1",
    url: "https://erp.example.com/hooks",
    description: "Our ERP",
    events: ["project.status.change"],
    enabled: true,
    conditions: { "project.status.change": "always" },
    status: "active",
    failing_since: null,
    disabled_reason: null,
    secret_hint: "x9Qk",
    created_at: "2026-03-09T12:00:00.000Z",
    last_delivery: { at: "2026-03-10T09:30:00.000Z", state: "succeeded", status_code: 200 },
    ...overrides,
  };
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    uid: "dl-1",
    event_id: "ev-1",
    event: "project.status.change",
    state: "succeeded",
    created_at: "2026-03-10T09:30:00.000Z",
    next_attempt_at: null,
    attempts: [
      {
        at: "2026-03-10T09:30:00.000Z",
        status_code: 500,
        duration_ms: 87,
        response_excerpt: "upstream exploded",
        error: "The receiver answered 500",
      },
      {
        at: "2026-03-10T09:31:00.000Z",
        status_code: 200,
        duration_ms: 12,
        response_excerpt: '{"ok":true}',
        error: null,
      },
    ],
    body: "{}",
    ...overrides,
  };
}

function webhooksServer({
  me = buildUser(),
  list = [webhook()],
  routes = {},
}: {
  me?: User;
  list?: Webhook[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    [`GET ${listPath}`]: () => jsonResponse(list),
    "GET /api/v1/organization/org-1/projects-workflows": () => jsonResponse(statuses),
    ...routes,
  });
}

describe("webhooks page", () => {
  it("tells a member without the right to edit the organization, and asks the server nothing", async () => {
    const fetch = webhooksServer({ me: buildUser({ role: buildRole("member") }) });
    renderApp({ route });
    expect(
      await screen.findByText("You need the right to edit the organization to manage its webhooks."),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("GET", listPath)).toHaveLength(0);
  });

  it("lists each webhook with its state and last delivery", async () => {
    webhooksServer({
      list: [
        webhook(),
        webhook({
          uid: "wh-2",
          url: "https://crm.example.com/in",
          description: "",
          status: "failing",
          failing_since: "2026-03-10T08:00:00.000Z",
          last_delivery: { at: "2026-03-10T08:00:00.000Z", state: "pending", status_code: 503 },
        }),
        webhook({
          uid: "wh-3",
          url: "https://old.example.com/in",
          enabled: false,
          status: "disabled",
          disabled_reason: "Every delivery failed for a day",
          last_delivery: null,
        }),
      ],
    });
    renderApp({ route });
    const rows = await screen.findAllByTestId("webhook-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("https://erp.example.com/hooks");
    expect(rows[0]).toHaveTextContent("Our ERP");
    expect(rows[0]).toHaveTextContent("Active");
    expect(rows[0]).toHaveTextContent("Delivered");
    expect(rows[0]).toHaveTextContent("HTTP 200");
    expect(rows[0]).toHaveTextContent("Events: Project status change");
    expect(rows[1]).toHaveTextContent(/Failing since \d\d\/03\/2026/);
    expect(rows[1]).toHaveTextContent("Pending");
    expect(rows[2]).toHaveTextContent("Disabled");
    expect(rows[2]).toHaveTextContent("Every delivery failed for a day");
    expect(rows[2]).toHaveTextContent("Nothing sent yet");
  });

  it("shows the empty list with a way to add the first webhook", async () => {
    webhooksServer({ list: [] });
    renderApp({ route });
    expect(await screen.findByText("No webhooks yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add webhook" })).toBeInTheDocument();
  });

  it("checks the url once left, then creates the webhook and shows its secret once", async () => {
    const fetch = webhooksServer({
      list: [],
      routes: {
        [`POST ${listPath}`]: () =>
          jsonResponse({ ...webhook({ uid: "wh-new", last_delivery: null }), secret: "whsec_s3cr3t" }, 201),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Add webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook" });
    const url = within(dialog).getByRole("textbox", { name: /Url/ });
    await user.type(url, "https://a");
    expect(within(dialog).queryByText("Url is required and has at least 10 characters")).not.toBeInTheDocument();
    await user.tab();
    expect(within(dialog).getByText("Url is required and has at least 10 characters")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(fetch.requestsTo("POST", listPath)).toHaveLength(0);

    await user.type(url, ".example.com/in");
    expect(within(dialog).queryByText("Url is required and has at least 10 characters")).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "Our ERP");
    await user.click(within(dialog).getByRole("checkbox", { name: /Margin at risk/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const secret = await screen.findByRole("dialog", { name: "Signing secret" });
    expect(within(secret).getByRole("textbox", { name: "Secret" })).toHaveValue("whsec_s3cr3t");
    expect(secret).toHaveTextContent("X-Timetrap-Signature");
    expect(secret).toHaveTextContent('sha256=hex(HMAC_SHA256(secret, timestamp + "." + body))');
    expect(secret).toHaveTextContent("more than 5 minutes");
    expect(within(secret).getByRole("button", { name: "Copy secret" })).toBeInTheDocument();
    expect(await screen.findByText("Webhook created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", listPath)[0]?.body).toEqual({
      url: "https://a.example.com/in",
      description: "Our ERP",
      events: "project.status.change,project.margin.at_risk",
      enabled: true,
      conditions: { "project.status.change": "always" },
    });
    await user.click(within(secret).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByText("whsec_s3cr3t")).not.toBeInTheDocument());
  });

  it("sends the status change only for the statuses chosen", async () => {
    const fetch = webhooksServer({
      routes: {
        [`PATCH ${listPath}/wh-1`]: () =>
          jsonResponse(
            webhook({ enabled: false, status: "disabled", conditions: { "project.status.change": [review] } }),
          ),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Edit webhook https://erp.example.com/hooks" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit webhook" });
    expect(dialog).toHaveTextContent("The current secret ends in …x9Qk.");
    await user.click(within(dialog).getByRole("radio", { name: "Only when the new status is" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Choose at least one status, or send always")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `${listPath}/wh-1`)).toHaveLength(0);

    await chooseOption(user, "Statuses", "In review", dialog);
    await user.click(within(dialog).getByRole("switch", { name: /Enabled/ }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Webhook updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", `${listPath}/wh-1`)[0]?.body).toEqual({
      url: "https://erp.example.com/hooks",
      description: "Our ERP",
      events: "project.status.change",
      enabled: false,
      conditions: { "project.status.change": [review] },
    });
  });

  it("tells a failed save with the common error title and keeps the modal open", async () => {
    webhooksServer({
      list: [],
      routes: {
        [`POST ${listPath}`]: () => errorResponse(400, "VALIDATION_FAILED", "The url must start with https://"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Add webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook" });
    await user.type(within(dialog).getByRole("textbox", { name: /Url/ }), "http://hooks.example.com");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The url must start with https://")).toBeInTheDocument();
    expect(screen.getByText("Something went wrong. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "New webhook" })).toBeInTheDocument();
  });

  it("rotates the secret after a confirmation and shows the new one once", async () => {
    const fetch = webhooksServer({
      routes: {
        [`POST ${listPath}/wh-1/secret`]: () => jsonResponse({ ...webhook(), secret: "whsec_n3w" }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Edit webhook https://erp.example.com/hooks" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit webhook" });
    await user.click(within(dialog).getByRole("button", { name: "Rotate secret" }));
    const confirm = await screen.findByRole("dialog", { name: "Rotate the signing secret?" });
    expect(fetch.requestsTo("POST", `${listPath}/wh-1/secret`)).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Rotate" }));
    const secret = await screen.findByRole("dialog", { name: "Signing secret" });
    expect(within(secret).getByRole("textbox", { name: "Secret" })).toHaveValue("whsec_n3w");
    expect(fetch.requestsTo("POST", `${listPath}/wh-1/secret`)).toHaveLength(1);
  });

  it("deletes a webhook only once confirmed", async () => {
    const fetch = webhooksServer({
      routes: { [`DELETE ${listPath}/wh-1`]: () => new Response(null, { status: 204 }) },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delete webhook https://erp.example.com/hooks" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete the webhook?" });
    expect(confirm).toHaveTextContent("https://erp.example.com/hooks will receive no more events");
    expect(fetch.requestsTo("DELETE", `${listPath}/wh-1`)).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Webhook deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", `${listPath}/wh-1`)).toHaveLength(1);
    await waitFor(() => expect(fetch.requestsTo("GET", listPath)).toHaveLength(2));
  });

  it("shows the delivery log with each attempt, sends again, loads more and sends a test event", async () => {
    const deliveriesPath = `${listPath}/wh-1/deliveries`;
    const fetch = webhooksServer({
      routes: {
        [`GET ${deliveriesPath}`]: ({ url }) =>
          url.searchParams.get("before") === "cursor-2"
            ? jsonResponse({
                items: [delivery({ uid: "dl-0", event: "webhook.test", state: "dead", attempts: [] })],
                next_cursor: null,
              })
            : jsonResponse({ items: [delivery()], next_cursor: "cursor-2" }),
        [`POST ${deliveriesPath}/dl-1/redeliver`]: () => jsonResponse(delivery({ uid: "dl-9" }), 202),
        [`POST ${listPath}/wh-1/test`]: () =>
          jsonResponse(delivery({ uid: "dl-t", event: "webhook.test", state: "pending", attempts: [] }), 202),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delivery log of https://erp.example.com/hooks" }));
    const drawer = await screen.findByRole("dialog", { name: /Delivery log/ });
    const first = (await within(drawer).findAllByTestId("webhook-delivery"))[0] as HTMLElement;
    expect(first).toHaveTextContent("Project status change");
    expect(first).toHaveTextContent("Delivered");
    expect(first).toHaveTextContent("Attempts: 2");
    await user.click(within(first).getByRole("button", { name: /Project status change/ }));
    const attempts = await within(first).findAllByTestId("webhook-attempt");
    expect(attempts[0]).toHaveTextContent("500");
    expect(attempts[0]).toHaveTextContent("87 ms");
    expect(attempts[0]).toHaveTextContent("upstream exploded");
    expect(attempts[0]).toHaveTextContent("The receiver answered 500");
    expect(attempts[1]).toHaveTextContent('{"ok":true}');

    // Reachable once the panel has finished opening.
    await user.click(await within(first).findByRole("button", { name: "Send again" }));
    expect(await screen.findByText("Sent again: the new attempt appears in the log")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${deliveriesPath}/dl-1/redeliver`)).toHaveLength(1);

    await user.click(within(drawer).getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(drawer).getAllByTestId("webhook-delivery")).toHaveLength(2));
    expect(within(drawer).getAllByTestId("webhook-delivery")[1]).toHaveTextContent("Test event");
    expect(within(drawer).getAllByTestId("webhook-delivery")[1]).toHaveTextContent("Failed");
    expect(within(drawer).queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole("button", { name: "Send a test event" }));
    expect(await screen.findByText("Test event sent: it appears in the log")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", `${listPath}/wh-1/test`)).toHaveLength(1);
  });

  it("speaks Italian", async () => {
    webhooksServer({ me: buildUser({ language: "it" }) });
    renderApp({ route });
    const row = await screen.findByTestId("webhook-row");
    expect(row).toHaveTextContent("Attivo");
    expect(row).toHaveTextContent("Consegnato");
    expect(screen.getByRole("button", { name: "Aggiungi webhook" })).toBeInTheDocument();
  });
});
