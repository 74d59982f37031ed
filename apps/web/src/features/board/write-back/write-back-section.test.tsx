import { screen, waitFor, within } from "@testing-library/react";
import type {
  Integration,
  IntegrationServiceState,
  TimeBlockingEvent,
  UserIntegrations,
  WriteBack,
} from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { EventFormModal } from "../event-form/event-form-modal";
import { buildEvent } from "../lib/event-fixtures";
import { writeBackWeekOf } from "./write-back-view";

const ids = {
  ada: "3c9a1f00-0000-4000-8000-000000000001",
  grace: "3c9a1f00-0000-4000-8000-000000000002",
  event: "3c9a1f00-0000-4000-8000-0000000000e1",
};
const writeBacksPath = `/api/v1/user/${ids.ada}/write-backs`;
const retryPath = `${writeBacksPath}/${ids.event}/retry`;
const integrationsPath = `/api/v1/user/${ids.ada}/integrations`;

/** Ada's 90 minutes on PROJ-12, dropped from Jira and completed. */
function jiraBlock(overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  return buildEvent({
    id: ids.event,
    user_id: ids.ada,
    title: "Fix the login",
    start_time: Date.parse("2026-03-10T09:00:00Z"),
    end_time: Date.parse("2026-03-10T10:30:00Z"),
    elapsed_time: 5400,
    completed: true,
    source: "jira",
    source_id: "PROJ-12",
    ...overrides,
  });
}

function writeBack(overrides: Partial<WriteBack> = {}): WriteBack {
  return {
    event_id: ids.event,
    service: "jira",
    item_id: "PROJ-12",
    state: "written",
    written_seconds: 5400,
    written_date: "2026-03-10",
    error: null,
    attempts: 1,
    updated_at: 0,
    ...overrides,
  };
}

function jira(overrides: Partial<Integration> = {}): Integration {
  return {
    service: "jira",
    status: "active",
    token_type: "Basic",
    expires_at: null,
    metadata: { account_email: "ada@acme.com", domain: "acme.atlassian.net", scopes: [] },
    last_error: null,
    write_back: true,
    created_at: 0,
    ...overrides,
  };
}

function integrations(connected: Integration[]): UserIntegrations {
  const services = (["gcalendar", "todoist", "asana", "paymo", "jira"] as const).map(
    (service): IntegrationServiceState => ({
      service,
      connection: service === "paymo" || service === "jira" ? "credentials" : "redirect",
      available: true,
      unavailable_reason: null,
      always_on: false,
      integration: connected.find((integration) => integration.service === service) ?? null,
    }),
  );
  return { services, limit: { used: connected.length, tier_limit: null, blocked: false } };
}

function formServer({
  writeBacks = [writeBack()],
  connected = [jira()],
  language = "en",
  routes = {},
}: {
  writeBacks?: WriteBack[] | StubHandler;
  connected?: Integration[];
  language?: "en" | "it";
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(buildUser({ uid: ids.ada, language }), {
    "GET /api/v1/organization/org-1/project": () => jsonResponse([]),
    "GET /api/v1/organization/org-1/task-category": () => jsonResponse([]),
    "GET /api/v1/organization/org-1/task": () => jsonResponse([]),
    [`GET ${integrationsPath}`]: () => jsonResponse(integrations(connected)),
    [`GET ${writeBacksPath}`]:
      typeof writeBacks === "function" ? writeBacks : () => jsonResponse({ write_backs: writeBacks }),
    ...routes,
  });
}

function Form({ userId, event }: { userId: string; event: TimeBlockingEvent }) {
  const { user } = useSession();
  return user ? <EventFormModal userId={userId} target={{ mode: "edit", event }} onClose={vi.fn()} /> : null;
}

function renderForm(event: TimeBlockingEvent, userId = ids.ada) {
  return renderWithProviders(<Form userId={userId} event={event} />);
}

/** The section, once the form and its lazily loaded part have come (on a machine busy with other work). */
const section = () => screen.findByTestId("write-back-section", {}, { timeout: 15_000 });

describe("the event form's write-back section (decision 032)", () => {
  it("links back to the Jira issue on the person's site, and asks for the block's week", async () => {
    const fetch = formServer();
    renderForm(jiraBlock());
    const part = await section();
    expect(part).toHaveTextContent("From Jira · PROJ-12");
    expect(await within(part).findByRole("link", { name: "Open in Jira" })).toHaveAttribute(
      "href",
      "https://acme.atlassian.net/browse/PROJ-12",
    );
    const week = writeBackWeekOf(jiraBlock().start_time);
    await waitFor(() => expect(fetch.requestsTo("GET", writeBacksPath)).toHaveLength(1));
    const asked = fetch.requestsTo("GET", writeBacksPath)[0]?.url.searchParams;
    expect([asked?.get("start_time"), asked?.get("end_time")]).toEqual([String(week.start), String(week.end)]);
  });

  it("says the time is on its way while it is being written", async () => {
    formServer({ writeBacks: [writeBack({ state: "pending", written_seconds: null, written_date: null })] });
    renderForm(jiraBlock());
    expect(await within(await section()).findByText("Writing 1 h 30 m to Jira…")).toBeInTheDocument();
  });

  it("says what the tool has once it is written", async () => {
    formServer();
    renderForm(jiraBlock());
    const part = await section();
    expect(await within(part).findByText("Written to Jira")).toBeInTheDocument();
    expect(within(part).getByText("1 h 30 m on 10/03/2026")).toBeInTheDocument();
    expect(within(part).queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("tells a failure with the tool's reason, and a retry that writes it", async () => {
    let state: WriteBack = writeBack({
      state: "failed",
      written_seconds: null,
      written_date: null,
      attempts: 4,
      error: "Jira: Issue does not exist or you do not have permission to see it.",
    });
    let asked = 0;
    const fetch = formServer({
      writeBacks: () => {
        asked += 1;
        // The queued write is done by the time it is asked a second time.
        if (state.state === "pending" && asked > 2) state = writeBack();
        return jsonResponse({ write_backs: [state] });
      },
      routes: {
        [`POST ${retryPath}`]: () => {
          state = writeBack({ state: "pending", written_seconds: null, written_date: null, error: null, attempts: 0 });
          asked = 1;
          return jsonResponse(state, 202);
        },
      },
    });
    const { user } = renderForm(jiraBlock());
    const part = await section();
    const failure = await within(part).findByRole("alert");
    expect(failure).toHaveTextContent("Could not write to Jira");
    expect(failure).toHaveTextContent("Jira: Issue does not exist or you do not have permission to see it.");
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await within(part).findByText("Writing 1 h 30 m to Jira…")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", retryPath)).toHaveLength(1);
    // Followed until it is written.
    expect(await within(part).findByText("Written to Jira", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(part).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("tells a refused retry with the server's words, the failure kept", async () => {
    formServer({
      writeBacks: [writeBack({ state: "failed", error: "Jira: Unauthorized" })],
      routes: { [`POST ${retryPath}`]: () => errorResponse(409, "CONFLICT", "Jira needs reconnecting") },
    });
    const { user } = renderForm(jiraBlock());
    const failure = await within(await section()).findByRole("alert");
    await user.click(within(failure).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Jira needs reconnecting")).toBeInTheDocument();
    expect(within(await section()).getByRole("alert")).toHaveTextContent("Jira: Unauthorized");
  });

  it("tells the last error while the write is being retried", async () => {
    formServer({
      writeBacks: [
        writeBack({ state: "pending", written_seconds: null, error: "Jira: Service Unavailable", attempts: 2 }),
      ],
    });
    renderForm(jiraBlock());
    const part = await section();
    expect(await within(part).findByText("Writing 1 h 30 m to Jira…")).toBeInTheDocument();
    expect(within(part).getByText("Last attempt: Jira: Service Unavailable")).toBeInTheDocument();
  });

  it("writes a block completed while write-back was off, once it is on again", async () => {
    let state = writeBack({ state: "off", written_seconds: null, written_date: null });
    const fetch = formServer({
      writeBacks: () => jsonResponse({ write_backs: [state] }),
      routes: {
        [`POST ${retryPath}`]: () => {
          state = writeBack({ state: "pending", written_seconds: null, written_date: null });
          return jsonResponse(state, 202);
        },
      },
    });
    const { user } = renderForm(jiraBlock());
    const part = await section();
    expect(await within(part).findByText("Write-back to Jira was off when this block was completed.")).toBeVisible();
    await user.click(within(part).getByRole("button", { name: "Write it to Jira now" }));
    expect(await within(part).findByText("Writing 1 h 30 m to Jira…")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", retryPath)).toHaveLength(1);
  });

  it("says write-back is off, with the way to turn it on", async () => {
    formServer({
      writeBacks: [writeBack({ state: "off", written_seconds: null, written_date: null })],
      connected: [jira({ write_back: false })],
    });
    renderForm(jiraBlock());
    const part = await section();
    expect(await within(part).findByText(/Write-back is off for Jira/)).toBeInTheDocument();
    expect(within(part).getByRole("link", { name: "Turn it on in Integrations" })).toHaveAttribute(
      "href",
      `/user/${ids.ada}/integrations`,
    );
  });

  it("says, before the block is completed, that its time will be written", async () => {
    formServer({ writeBacks: [] });
    renderForm(jiraBlock({ completed: false, elapsed_time: 0 }));
    expect(
      await within(await section()).findByText("When the time is confirmed, it is written to Jira."),
    ).toBeInTheDocument();
  });

  it("says write-back is off before the block is completed, when the person turned it off", async () => {
    formServer({ writeBacks: [], connected: [jira({ write_back: false })] });
    renderForm(jiraBlock({ completed: false, elapsed_time: 0 }));
    expect(await within(await section()).findByText(/Write-back is off for Jira/)).toBeInTheDocument();
  });

  it("says when the tool is not connected, with no link it cannot make", async () => {
    formServer({ writeBacks: [], connected: [] });
    renderForm(jiraBlock({ completed: false }));
    const part = await section();
    expect(
      await within(part).findByText(/Jira is not connected: this block's time stays in Timetrap\./),
    ).toBeInTheDocument();
    expect(within(part).getByRole("link", { name: "Connect it in Integrations" })).toBeInTheDocument();
    expect(within(part).queryByRole("link", { name: "Open in Jira" })).not.toBeInTheDocument();
  });

  it.each([
    ["todoist", "7025", "Todoist", "https://app.todoist.com/app/task/7025"],
    ["asana", "1209", "Asana", "https://app.asana.com/0/0/1209"],
    ["paymo", "88", "Paymo", "https://app.paymoapp.com/#Paymo.Tasks/88"],
  ])("links a %s block back to its task", async (source, sourceId, name, url) => {
    formServer({ writeBacks: [] });
    renderForm(jiraBlock({ source, source_id: sourceId, completed: false }));
    const part = await section();
    expect(part).toHaveTextContent(`From ${name}`);
    expect(within(part).getByRole("link", { name: `Open in ${name}` })).toHaveAttribute("href", url);
  });

  it("shows another person's block with its link only: their write-backs are theirs", async () => {
    const fetch = formServer();
    renderForm(jiraBlock({ user_id: ids.grace, source: "todoist", source_id: "7025" }), ids.grace);
    const part = await section();
    expect(within(part).getByRole("link", { name: "Open in Todoist" })).toBeInTheDocument();
    await screen.findByRole("dialog");
    expect(fetch.requestsTo("GET", writeBacksPath)).toHaveLength(0);
    expect(fetch.requestsTo("GET", integrationsPath)).toHaveLength(0);
    expect(part).toHaveTextContent(/^From TodoistOpen in Todoist$/);
  });

  it("has no section, and asks nothing, for a Timetrap block", async () => {
    const fetch = formServer();
    renderForm(jiraBlock({ source: "timetrap", source_id: null }));
    await screen.findByRole("dialog", { name: "Edit event" });
    expect(screen.queryByTestId("write-back-section")).not.toBeInTheDocument();
    expect(fetch.requestsTo("GET", writeBacksPath)).toHaveLength(0);
  });

  it("tells it in Italian to an Italian reader", async () => {
    formServer({
      language: "it",
      writeBacks: [writeBack({ state: "failed", error: "Jira: Unauthorized" })],
    });
    renderForm(jiraBlock());
    const part = await section();
    expect(await within(part).findByText("Impossibile registrare su Jira")).toBeInTheDocument();
    expect(within(part).getByRole("button", { name: "Riprova" })).toBeInTheDocument();
    expect(within(part).getByRole("link", { name: "Apri in Jira" })).toBeInTheDocument();
  });
});
