import { screen, waitFor } from "@testing-library/react";
import type { TimeBlockingEvent, Timer, User } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent, buildRecurrence } from "../lib/event-fixtures";
import { useToggleTimer } from "./use-toggle-timer";

const hour = 60 * 60 * 1000;
const start = Date.now() - 2 * hour;

/** An activity on the Website project that ended an hour ago. */
function activity(overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  return buildEvent({
    id: "event-1",
    title: "Wireframes",
    start_time: start,
    end_time: start + hour,
    project_id: "project-1",
    project: { uid: "project-1", title: "Website" },
    ...overrides,
  });
}

const running = (event: TimeBlockingEvent): Timer => ({ user_id: "user-1", start_time: Date.now() - 60_000, event });

const timerPath = "/api/v1/user/user-1/timer";
const eventsPath = "/api/v1/user/user-1/time-blocking";

/** The timer as the server keeps it: one per person, started and stopped through the API. */
function timerServer(
  initial: Timer | null,
  routes: Record<string, StubHandler> = {},
  me: User = buildUser({ uid: "user-1" }),
) {
  let current = initial;
  const order: string[] = [];
  const fetch = stubSignedInApi(me, {
    [`GET ${timerPath}`]: () => jsonResponse(current),
    [`POST ${timerPath}`]: ({ body }) => {
      const { time_blocking_event_id: id, start_time } = body as { time_blocking_event_id: string; start_time: number };
      order.push(`start ${id}`);
      current = { user_id: "user-1", start_time, event: activity({ id }) };
      return jsonResponse(current, 201);
    },
    [`DELETE ${timerPath}`]: () => {
      order.push("stop");
      const saved = current?.event;
      current = null;
      return saved
        ? jsonResponse({ ...saved, completed: true })
        : errorResponse(404, "NOT_FOUND", "No timer is running");
    },
    ...routes,
  });
  return { ...fetch, order };
}

function Tile({ event }: { event: TimeBlockingEvent }) {
  const { toggle, runningEventId, runningStart, pending } = useToggleTimer("user-1");
  return (
    <div>
      <button type="button" onClick={() => toggle(event)}>
        {`Toggle ${event.title}`}
      </button>
      <output data-testid="running">{runningEventId ?? "none"}</output>
      <output data-testid="since">{runningStart ?? "none"}</output>
      <output data-testid="pending">{String(pending)}</output>
    </div>
  );
}

async function renderTile(event: TimeBlockingEvent) {
  const result = renderWithProviders(<Tile event={event} />);
  await screen.findByRole("button", { name: `Toggle ${event.title}` });
  return result;
}

describe("toggling a block's timer", () => {
  it("starts the timer on a block when none runs, without asking", async () => {
    const server = timerServer(null);
    const { user } = await renderTile(activity());
    await waitFor(() => expect(server.requestsTo("GET", timerPath)).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));

    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const body = server.requestsTo("POST", timerPath)[0]?.body as {
      start_time: number;
      time_blocking_event_id: string;
    };
    expect(body.time_blocking_event_id).toBe("event-1");
    expect(Math.abs(body.start_time - Date.now())).toBeLessThan(5000);
    expect(server.order).toEqual(["start event-1"]);
  });

  it("stops the timer when it runs on the block", async () => {
    const event = activity();
    const server = timerServer(running(event));
    const { user } = await renderTile(event);
    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-1"));
    expect(Number(screen.getByTestId("since").textContent)).toBeLessThan(Date.now());
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));

    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("none"));
    expect(server.order).toEqual(["stop"]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("asks before switching from another running block, then stops that one first", async () => {
    const server = timerServer(running(activity({ id: "event-9", title: "Standup" })));
    const { user } = await renderTile(activity());
    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-9"));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));

    const dialog = await screen.findByRole("dialog", { name: "Start time tracking" });
    expect(dialog).toHaveTextContent("Start tracking time on this block and stop the others that are running?");
    expect(server.order).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Start" }));

    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-1"));
    expect(server.order).toEqual(["stop", "start event-1"]);
  });

  it("leaves the running timer alone when the switch is cancelled", async () => {
    const server = timerServer(running(activity({ id: "event-9", title: "Standup" })));
    const { user } = await renderTile(activity());
    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-9"));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(server.order).toEqual([]);
    expect(screen.getByTestId("running")).toHaveTextContent("event-9");
  });

  it("asks in Italian with the spec's sentence", async () => {
    timerServer(
      running(activity({ id: "event-9", title: "Standup" })),
      {},
      buildUser({ uid: "user-1", language: "it" }),
    );
    const { user } = await renderTile(activity());
    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-9"));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));
    const dialog = await screen.findByRole("dialog", { name: "Avvia il time tracking" });
    expect(dialog).toHaveTextContent(
      "Sei sicuro di voler avviare il time tracking su questo blocco e fermare gli altri attivi?",
    );
    expect(screen.getByRole("button", { name: "Avvia" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Annulla" })).toBeInTheDocument();
  });

  it("saves an occurrence as a standalone block of its series before starting the timer on it", async () => {
    const occurrence = activity({
      id: "template-1",
      recurrence_id: "series-1",
      recurrence: buildRecurrence({ id: "series-1", frequency: "DAILY" }),
      is_occurrence: true,
    });
    const server = timerServer(null, {
      [`POST ${eventsPath}`]: ({ body }) =>
        jsonResponse({ ...activity(body as Partial<TimeBlockingEvent>), id: "standalone-1", recurrence_id: null }, 201),
    });
    const { user } = await renderTile(occurrence);
    await waitFor(() => expect(server.requestsTo("GET", timerPath)).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));

    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("standalone-1"));
    expect(server.requestsTo("POST", eventsPath)[0]?.body).toEqual({
      title: "Wireframes",
      start_time: start,
      end_time: start + hour,
      all_day: false,
      color: "#3788d8",
      elapsed_time: 0,
      completed: false,
      event_type: "activity",
      project_id: "project-1",
      category_id: null,
      task_linked_id: null,
      source: "timetrap",
      source_id: null,
      calendar_id: null,
      // The server skips the series' occurrence of that day.
      recurrence_id: "series-1",
    });
    expect(server.order).toEqual(["start standalone-1"]);
  });

  it("sends an occurrence's copy with the same key when its start is clicked again after the start failed", async () => {
    const occurrence = activity({
      id: "template-1",
      recurrence_id: "series-1",
      recurrence: buildRecurrence({ id: "series-1", frequency: "DAILY" }),
      is_occurrence: true,
    });
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    let starts = 0;
    const server = timerServer(null, {
      // The server keeps the copy (a retry with its key answers it again); the first start fails.
      [`POST ${eventsPath}`]: ({ body }) =>
        jsonResponse({ ...activity(body as Partial<TimeBlockingEvent>), id: "standalone-1", recurrence_id: null }, 201),
      [`POST ${timerPath}`]: ({ body }) => {
        starts += 1;
        if (starts === 1) return errorResponse(503, "UNAVAILABLE", "Try again", "Service Unavailable");
        const { start_time } = body as { start_time: number };
        return jsonResponse({ user_id: "user-1", start_time, event: activity({ id: "standalone-1" }) }, 201);
      },
    });
    const { user } = await renderTile(occurrence);
    await waitFor(() => expect(server.requestsTo("GET", timerPath)).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("false"));

    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));
    await waitFor(() => expect(server.requestsTo("POST", timerPath)).toHaveLength(2));
    expect(alert).toHaveBeenCalledTimes(1);
    const copies = server.requestsTo("POST", eventsPath).map((request) => request.headers.get("Idempotency-Key"));
    expect(copies).toHaveLength(2);
    expect(copies[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(copies[1]).toBe(copies[0]);
    const startKeys = server.requestsTo("POST", timerPath).map((request) => request.headers.get("Idempotency-Key"));
    expect(startKeys).toHaveLength(2);
    expect(startKeys[1]).not.toBe(startKeys[0]);
  });

  it("tells a failed stop in a browser alert with the serialized error", async () => {
    const event = activity();
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    timerServer(running(event), {
      [`DELETE ${timerPath}`]: () => errorResponse(404, "NOT_FOUND", "No timer is running", "Not Found"),
    });
    const { user } = await renderTile(event);
    await waitFor(() => expect(screen.getByTestId("running")).toHaveTextContent("event-1"));
    await user.click(screen.getByRole("button", { name: "Toggle Wireframes" }));

    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(alert.mock.calls[0]?.[0]))).toMatchObject({
      status: 404,
      statusText: "Not Found",
      code: "NOT_FOUND",
      ErrorMessage: "No timer is running",
    });
  });
});
