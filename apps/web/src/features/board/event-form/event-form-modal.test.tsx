import { screen, waitFor, within } from "@testing-library/react";
import type { Task, TaskCategory, TimeBlockingEvent, User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session";
import { buildProject, buildRole, buildTask, buildUser } from "../../../testing/builders";
import { chooseOption, openOptions } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent, buildRecurrence } from "../lib/event-fixtures";
import { EventFormModal, type EventFormTarget } from "./event-form-modal";

/** Ids are uuids on the wire, and the event schema checks them. */
const ids = {
  ada: "3c9a1f00-0000-4000-8000-000000000001",
  grace: "3c9a1f00-0000-4000-8000-000000000002",
  website: "3c9a1f00-0000-4000-8000-0000000000a1",
  erp: "3c9a1f00-0000-4000-8000-0000000000a2",
  meetings: "3c9a1f00-0000-4000-8000-0000000000c1",
  roadmap: "3c9a1f00-0000-4000-8000-0000000000c2",
  support: "3c9a1f00-0000-4000-8000-0000000000c3",
  wireframes: "3c9a1f00-0000-4000-8000-0000000000f1",
  invoices: "3c9a1f00-0000-4000-8000-0000000000f2",
  event: "3c9a1f00-0000-4000-8000-0000000000e1",
  series: "3c9a1f00-0000-4000-8000-0000000000d1",
};

/** Tuesday 10 March 2026 (the tests run in UTC). */
const at = (time: string, day = "2026-03-10") => Date.parse(`${day}T${time}:00Z`);

const categories: TaskCategory[] = [
  { uid: ids.meetings, name: "Meetings", color: "#fab005", is_used_for_tasks: true, is_used_for_planning: true },
  { uid: ids.roadmap, name: "Roadmap", color: "#228be6", is_used_for_tasks: false, is_used_for_planning: true },
  { uid: ids.support, name: "Support", color: "#12b886", is_used_for_tasks: true, is_used_for_planning: false },
];

const ada = { uid: ids.ada, nominative: "Ada Lovelace", image_url: null };

/** Ada's open task on the Website project, in the Support category. */
function adasTask(uid: string, name: string, overrides: Partial<Task> = {}): Task {
  return buildTask({
    uid,
    name,
    user: ada,
    project: { uid: ids.website, title: "Website", category: null, customer_nominative: "Acme Corp" },
    category: { uid: ids.support, name: "Support", color: "#12b886" },
    ...overrides,
  });
}

/** The event the tests edit: Ada's standup, an hour with an hour logged. */
function standup(overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  return buildEvent({
    id: ids.event,
    user_id: ids.ada,
    title: "Standup",
    start_time: at("09:00"),
    end_time: at("10:00"),
    elapsed_time: 3600,
    ...overrides,
  });
}

const weekly = buildRecurrence({ id: ids.series, day_of_weeks: [2] });

/** The Tuesday after the template's: an occurrence computed from the series. */
const occurrence = standup({
  recurrence_id: ids.series,
  recurrence: weekly,
  is_occurrence: true,
  start_time: at("09:00", "2026-03-17"),
  end_time: at("10:00", "2026-03-17"),
});

const eventsPath = `/api/v1/user/${ids.ada}/time-blocking`;
const recurrencePath = `/api/v1/user/${ids.ada}/recurrence/${ids.series}`;

function boardServer({
  me = buildUser({ uid: ids.ada }),
  routes = {},
}: {
  me?: User;
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/project": () =>
      jsonResponse([
        buildProject({ uid: ids.website, title: "Website", project_manager: ada }),
        buildProject({ uid: ids.erp, title: "ERP rollout", project_manager: ada }),
      ]),
    "GET /api/v1/organization/org-1/task-category": () => jsonResponse(categories),
    "GET /api/v1/organization/org-1/task": ({ url }) => {
      const wireframes = adasTask(ids.wireframes, "Wireframes");
      const invoices = adasTask(ids.invoices, "Invoices", {
        project: { uid: ids.erp, title: "ERP rollout", category: null, customer_nominative: null },
        category: { uid: ids.meetings, name: "Meetings", color: "#fab005" },
      });
      const done = adasTask("3c9a1f00-0000-4000-8000-0000000000f9", "Old release", { complete: true });
      const project = url.searchParams.get("project_id");
      const all = [wireframes, invoices, done];
      return jsonResponse(project ? all.filter((task) => task.project?.uid === project) : all);
    },
    [`POST ${eventsPath}`]: ({ body }) => jsonResponse(standup({ ...(body as object), recurrence: null }), 201),
    [`PATCH ${eventsPath}/${ids.event}`]: () => jsonResponse(standup()),
    [`DELETE ${eventsPath}/${ids.event}`]: () => new Response(null, { status: 204 }),
    [`PATCH ${recurrencePath}`]: () => jsonResponse(weekly),
    ...routes,
  });
}

/** The modal as the board mounts it, once the session is restored. */
function Board({ userId, target, onClose }: { userId: string; target: EventFormTarget; onClose: () => void }) {
  const { user } = useSession();
  return user ? <EventFormModal userId={userId} target={target} onClose={onClose} /> : null;
}

function renderForm(target: EventFormTarget, { userId = ids.ada }: { userId?: string } = {}) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<Board userId={userId} target={target} onClose={onClose} />);
  return { ...rendered, onClose };
}

const newEvent: EventFormTarget = { mode: "create", draft: { start_time: at("09:00"), end_time: at("10:00") } };

/** The names of the options a select offers, read with its list open, which is closed again. */
async function optionsOf(user: ReturnType<typeof renderWithProviders>["user"], label: string): Promise<string[]> {
  const list = await openOptions(user, label);
  const names = within(list)
    .queryAllByRole("option", { hidden: true })
    .map((option) => option.textContent ?? "");
  await user.keyboard("{Escape}");
  return names;
}

describe("event form", () => {
  it("creates an event with what was filled in, then closes", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Standup");
    await chooseOption(user, "Project", "Website");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("POST", eventsPath).map((request) => request.body)).toEqual([
      {
        title: "Standup",
        start_time: at("09:00"),
        end_time: at("10:00"),
        all_day: false,
        color: "#3788d8",
        // Not completed: nothing is logged yet.
        elapsed_time: 0,
        completed: false,
        event_type: "activity",
        project_id: ids.website,
        category_id: null,
        task_linked_id: null,
        recurrence: null,
      },
    ]);
  });

  it("creates a weekly series on the days chosen", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    await user.click(within(dialog).getByRole("button", { name: "Does not repeat" }));
    const repeat = await screen.findByRole("dialog", { name: "Repeat" });
    const every = within(repeat).getByRole("textbox", { name: "Repeat every" });
    await user.clear(every);
    await user.type(every, "2");
    // The event's own weekday is chosen to start with.
    expect(within(repeat).getByRole("checkbox", { name: "Tue" })).toBeChecked();
    await user.click(within(repeat).getByRole("checkbox", { name: "Thu" }));
    await user.click(within(repeat).getByRole("button", { name: "OK" }));
    expect(await within(dialog).findByRole("button", { name: "Every 2 weeks, Tue, Thu" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("POST", eventsPath)[0]?.body).toMatchObject({
      recurrence: { every: 2, frequency: "WEEKLY", day_of_weeks: [2, 4], until: null, repeat: null },
    });
  });

  it("saves a copy of an occurrence as a new event beside its series", async () => {
    const fetch = boardServer();
    const copy: EventFormTarget = {
      mode: "create",
      draft: {
        start_time: at("09:00"),
        end_time: at("10:00"),
        title: "Standup",
        elapsed_time: 0,
        recurrence_id: ids.series,
        source: "timetrap",
      },
    };
    const { user, onClose } = renderForm(copy);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    expect(within(dialog).getByRole("textbox", { name: "Duration" })).toHaveValue("00:00:00");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = fetch.requestsTo("POST", eventsPath)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ title: "Standup", elapsed_time: 0, source: "timetrap" });
    expect(body).not.toHaveProperty("recurrence_id");
  });

  it("has no times of day for an all-day event", async () => {
    boardServer();
    renderForm({
      mode: "create",
      draft: { start_time: at("00:00"), end_time: at("00:00", "2026-03-11"), all_day: true },
    });
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    expect(within(dialog).getByRole("textbox", { name: "Start date" })).toHaveValue("10/03/2026");
    expect(within(dialog).getByText("All day")).toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: "Start time" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("combobox", { name: "End time" })).not.toBeInTheDocument();
  });

  it("shows its labels in Italian", async () => {
    boardServer({ me: buildUser({ uid: ids.ada, language: "it" }) });
    renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "Nuovo evento" });
    for (const label of ["Titolo", "Data di inizio", "Durata", "Colore"]) {
      expect(within(dialog).getByRole("textbox", { name: label })).toBeInTheDocument();
    }
    for (const label of ["Ora di inizio", "Ora di fine", "Progetto", "Categoria", "Task"]) {
      expect(within(dialog).getByRole("combobox", { name: label })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole("radio", { name: "Pianificazione" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Non si ripete" })).toBeInTheDocument();
  });

  it("moves the end by the duration typed, correcting 07:75:90 to 07:55:50", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: standup() });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    const duration = within(dialog).getByRole("textbox", { name: "Duration" });
    expect(duration).toHaveValue("01:00:00");
    await user.clear(duration);
    await user.type(duration, "077590");
    expect(duration).toHaveValue("07:55:50");
    expect(within(dialog).getByRole("combobox", { name: "End time" })).toHaveValue("16:55");

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("PATCH", `${eventsPath}/${ids.event}`)[0]?.body).toEqual({
      end_time: at("09:00") + 28_550_000,
    });
  });

  it("names an end equal to the start and does not save", async () => {
    const fetch = boardServer();
    const { user } = renderForm({ mode: "edit", event: standup() });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    const duration = within(dialog).getByRole("textbox", { name: "Duration" });
    await user.clear(duration);
    await user.type(duration, "000000");
    expect(within(dialog).getByText("End time has to be after start time!")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
    expect(fetch.requestsTo("PATCH", `${eventsPath}/${ids.event}`)).toHaveLength(0);
  });

  it("moves the end half an hour after a start typed at or after it", async () => {
    boardServer();
    const { user } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    const start = within(dialog).getByRole("combobox", { name: "Start time" });
    await user.clear(start);
    await user.type(start, "1010{Enter}");
    expect(start).toHaveValue("10:10");
    expect(within(dialog).getByRole("combobox", { name: "End time" })).toHaveValue("10:40");
    expect(within(dialog).getByRole("textbox", { name: "Duration" })).toHaveValue("00:30:00");
  });

  it("offers the quarters of an hour, and an end picked before the start becomes the start plus 30 minutes", async () => {
    boardServer();
    const { user } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    const end = within(dialog).getByRole("combobox", { name: "End time" });
    const options = await optionsOf(user, "End time");
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    await chooseOption(user, "End time", "08:45");
    expect(end).toHaveValue("09:30");
    expect(within(dialog).getByRole("textbox", { name: "Duration" })).toHaveValue("00:30:00");
  });

  it("fills project, category and an empty title from the task chosen", async () => {
    boardServer();
    const { user } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    // With no project, the board owner's open tasks.
    await waitFor(async () => expect(await optionsOf(user, "Task")).toEqual(["Invoices", "Wireframes"]));
    await chooseOption(user, "Task", "Wireframes");
    expect(within(dialog).getByRole("combobox", { name: "Project" })).toHaveValue("Website");
    expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue("Support");
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveValue("Wireframes");
    // The project's tasks only, now.
    await waitFor(async () => expect(await optionsOf(user, "Task")).toEqual(["Wireframes"]));

    // Another project takes the task away.
    await chooseOption(user, "Project", "ERP rollout");
    expect(within(dialog).getByRole("combobox", { name: "Task" })).toHaveValue("");
    await waitFor(async () => expect(await optionsOf(user, "Task")).toEqual(["Invoices"]));
  });

  it("offers the categories of the chosen type, and a category fills an empty title", async () => {
    boardServer();
    const { user } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    await waitFor(async () => expect(await optionsOf(user, "Category")).toEqual(["Meetings", "Support"]));
    await chooseOption(user, "Category", "Support");
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveValue("Support");

    await user.click(within(dialog).getByText("Planning"));
    // Support is not used for planning: it goes.
    expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue("");
    expect(await optionsOf(user, "Category")).toEqual(["Meetings", "Roadmap"]);
  });

  it("shows the type of an existing event as fixed text", async () => {
    boardServer();
    renderForm({ mode: "edit", event: standup({ event_type: "planning" }) });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    expect(within(dialog).getByRole("textbox", { name: "Type" })).toHaveValue("Planning");
    expect(within(dialog).queryByRole("radio", { name: "Activity" })).not.toBeInTheDocument();
  });

  it("rejects a repetition every 0 or 100 times and 100 occurrences", async () => {
    boardServer();
    const { user } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    await user.click(within(dialog).getByRole("button", { name: "Does not repeat" }));
    const repeat = await screen.findByRole("dialog", { name: "Repeat" });
    const every = within(repeat).getByRole("textbox", { name: "Repeat every" });
    const ok = within(repeat).getByRole("button", { name: "OK" });

    for (const wrong of ["0", "100"]) {
      await user.clear(every);
      await user.type(every, wrong);
      expect(within(repeat).getByText("Enter a whole number from 1 to 99")).toBeInTheDocument();
      expect(ok).toBeDisabled();
    }
    await user.clear(every);
    await user.type(every, "99");
    expect(ok).toBeEnabled();

    const occurrences = within(repeat).getByRole("textbox", { name: "Occurrences" });
    expect(occurrences).toBeDisabled();
    await user.click(within(repeat).getByRole("radio", { name: "After" }));
    await user.type(occurrences, "100");
    expect(within(repeat).getByText("Enter a whole number from 0 to 99")).toBeInTheDocument();
    expect(ok).toBeDisabled();
    await user.clear(occurrences);
    await user.type(occurrences, "99");
    expect(ok).toBeEnabled();

    // Another way of ending clears the count.
    await user.click(within(repeat).getByRole("radio", { name: "On" }));
    await user.click(within(repeat).getByRole("radio", { name: "After" }));
    expect(occurrences).toHaveValue("");
    // Another frequency clears the weekdays.
    await chooseOption(user, "Frequency", "Days");
    expect(within(repeat).queryByRole("checkbox", { name: "Tue" })).not.toBeInTheDocument();
    await chooseOption(user, "Frequency", "Weeks");
    expect(within(repeat).getByRole("checkbox", { name: "Tue" })).not.toBeChecked();
  });

  it("saves a change to one occurrence alone as a new event that names its series", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: occurrence });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await user.clear(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Retro");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    const scope = await screen.findByRole("dialog", { name: "Change a recurring event" });
    expect(within(scope).getByRole("radio", { name: "Only this event" })).toBeChecked();
    await user.click(within(scope).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("PATCH", `${eventsPath}/${ids.event}`)).toHaveLength(0);
    expect(fetch.requestsTo("POST", eventsPath)[0]?.body).toEqual({
      title: "Retro",
      start_time: at("09:00", "2026-03-17"),
      end_time: at("10:00", "2026-03-17"),
      all_day: false,
      color: "#3788d8",
      elapsed_time: 0,
      completed: false,
      event_type: "activity",
      project_id: null,
      category_id: null,
      task_linked_id: null,
      recurrence: null,
      recurrence_id: ids.series,
      source: "timetrap",
      source_id: null,
      calendar_id: null,
    });
  });

  it("moves one occurrence to another day by skipping it, then saving it alone", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: occurrence });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    const date = within(dialog).getByRole("textbox", { name: "Start date" });
    await user.clear(date);
    await user.type(date, "18/03/2026");
    await user.tab();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const scope = await screen.findByRole("dialog", { name: "Change a recurring event" });
    await user.click(within(scope).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("PATCH", recurrencePath).map((request) => request.body)).toEqual([
      { skip: at("09:00", "2026-03-17") },
    ]);
    expect(fetch.requestsTo("POST", eventsPath)[0]?.body).toMatchObject({
      start_time: at("09:00", "2026-03-18"),
      end_time: at("10:00", "2026-03-18"),
      recurrence_id: null,
      recurrence: null,
    });
  });

  it("changes every occurrence through the series' template, naming the occurrence edited", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: occurrence });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await chooseOption(user, "Start time", "09:30");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const scope = await screen.findByRole("dialog", { name: "Change a recurring event" });
    await user.click(within(scope).getByRole("radio", { name: "All events" }));
    await user.click(within(scope).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.requestsTo("POST", eventsPath)).toHaveLength(0);
    expect(fetch.requestsTo("PATCH", `${eventsPath}/${ids.event}`)[0]?.body).toEqual({
      start_time: at("09:30", "2026-03-17"),
      occurrence_start: at("09:00", "2026-03-17"),
    });
  });

  it("applies a change of the repetition to all events only", async () => {
    boardServer();
    const { user } = renderForm({ mode: "edit", event: occurrence });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await user.click(within(dialog).getByRole("button", { name: "Every week, Tue" }));
    const repeat = await screen.findByRole("dialog", { name: "Repeat" });
    await user.click(within(repeat).getByRole("button", { name: "Does not repeat" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const scope = await screen.findByRole("dialog", { name: "Change a recurring event" });
    expect(within(scope).getByRole("radio", { name: "Only this event" })).toBeDisabled();
    expect(within(scope).getByRole("radio", { name: "All events" })).toBeChecked();
  });

  it("tells in an alert why a save failed, and stays open", async () => {
    boardServer({
      routes: { [`POST ${eventsPath}`]: () => errorResponse(404, "NOT_FOUND", "Project not found", "Not Found") },
    });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, onClose } = renderForm(newEvent);
    const dialog = await screen.findByRole("dialog", { name: "New event" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(alert).toHaveBeenCalled());
    expect(JSON.parse(String(alert.mock.calls[0]?.[0]))).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      ErrorMessage: "Project not found",
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "New event" })).toBeInTheDocument();
  });

  it("deletes an event that does not repeat after a plain confirmation", async () => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: standup() });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete event" });
    expect(within(confirm).getByText("Delete “Standup”? This cannot be undone.")).toBeInTheDocument();
    expect(within(confirm).queryByRole("radio")).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const deletes = fetch.requestsTo("DELETE", `${eventsPath}/${ids.event}`);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.url.search).toBe("");
  });

  it.each([
    ["Only this event", "PATCH", recurrencePath, { skip: at("09:00", "2026-03-17") }, ""],
    ["This and the following events", "PATCH", recurrencePath, { end_date: at("09:00", "2026-03-17") - 1000 }, ""],
    ["All events", "DELETE", `${eventsPath}/${ids.event}`, undefined, "?recurrences=true"],
  ])("deletes %s of a recurring event", async (choice, method, path, body, search) => {
    const fetch = boardServer();
    const { user, onClose } = renderForm({ mode: "edit", event: occurrence });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete event" });
    await user.click(within(confirm).getByRole("radio", { name: choice }));
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = fetch.requests.filter((request) => request.method !== "GET");
    expect(sent.map((request) => [request.method, request.path, request.body, request.url.search])).toEqual([
      [method, path, body, search],
    ]);
  });

  it("only logs a failed deletion, and stays open", async () => {
    boardServer({
      routes: { [`DELETE ${eventsPath}/${ids.event}`]: () => errorResponse(409, "CONFLICT", "Conflict", "Conflict") },
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, onClose } = renderForm({ mode: "edit", event: standup() });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete event" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows another person's event without saving or deleting when the role cannot edit the team", async () => {
    const fetch = boardServer({ me: buildUser({ uid: ids.ada, role: buildRole("member") }) });
    const { user, onClose } = renderForm(
      { mode: "edit", event: standup({ user_id: ids.grace }) },
      { userId: ids.grace },
    );
    const dialog = await screen.findByRole("dialog", { name: "Event" });
    expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveAttribute("readonly");
    expect(within(dialog).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    // The corner's cross and the footer's button both close it; the footer's is the one below the fields.
    const [corner, footer] = within(dialog).getAllByRole("button", { name: "Close" });
    expect(corner).toHaveClass("mantine-Modal-close");
    await user.click(footer as HTMLElement);
    expect(onClose).toHaveBeenCalled();
    expect(fetch.requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  it("lets a manager change another person's event", async () => {
    boardServer({ me: buildUser({ uid: ids.ada, role: buildRole("manager") }) });
    renderForm({ mode: "edit", event: standup({ user_id: ids.grace }) }, { userId: ids.grace });
    const dialog = await screen.findByRole("dialog", { name: "Edit event" });
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeInTheDocument();
  });
});
