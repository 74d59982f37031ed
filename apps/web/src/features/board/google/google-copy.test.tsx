import { screen, waitFor } from "@testing-library/react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderWithProviders } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { useBoardChanges } from "../components/use-board-changes";
import { timesFromCalendar } from "../lib/calendar-events";
import { buildEvent } from "../lib/event-fixtures";
import { boardEventOfGoogle } from "./google-events";
import { buildGoogleEvent } from "./google-fixtures";

/** The board's handler of a drag or a resize, as board-page.tsx calls it, on the event it was given. */
function Moves({ event, to }: { event: TimeBlockingEvent; to: { start: Date; end: Date; allDay: boolean } }) {
  const changes = useBoardChanges("user-1");
  const onMove = () => {
    const times = timesFromCalendar(to);
    if (times) void changes.change(event, { ...event, ...times });
  };
  return (
    <button type="button" onClick={onMove}>
      Move
    </button>
  );
}

describe("a Google event dragged or resized on the board", () => {
  it("is saved as a Timetrap event at its new times (source gcalendar, its id and calendar), nothing else asked", async () => {
    const fetch = stubSignedInApi(buildUser(), {
      "POST /api/v1/user/user-1/time-blocking": ({ body }) =>
        jsonResponse(buildEvent({ ...(body as Partial<TimeBlockingEvent>), id: "copy-1" }), 201),
      "GET /api/v1/user/user-1/time-blocking": () => jsonResponse([]),
    });
    const google = boardEventOfGoogle(buildGoogleEvent(), "user-1");
    const start = new Date(google.start_time + 2 * 3_600_000);
    const end = new Date(google.end_time + 2 * 3_600_000 + 30 * 60_000);
    const { user } = renderWithProviders(<Moves event={google} to={{ start, end, allDay: false }} />);
    await user.click(screen.getByRole("button", { name: "Move" }));

    await waitFor(() => expect(fetch.requestsTo("POST", "/api/v1/user/user-1/time-blocking")).toHaveLength(1));
    expect(fetch.requestsTo("POST", "/api/v1/user/user-1/time-blocking")[0]?.body).toEqual({
      title: "Standup",
      start_time: start.getTime(),
      end_time: end.getTime(),
      all_day: false,
      color: "#039be5",
      elapsed_time: 0,
      completed: false,
      event_type: "activity",
      project_id: null,
      category_id: null,
      task_linked_id: null,
      source: "gcalendar",
      source_id: "standup-1",
      calendar_id: "ada@acme.com",
      recurrence_id: null,
    });
    // Nothing to skip, nothing to patch: the Google event is not Timetrap's.
    expect(fetch.requests.filter((request) => request.method === "PATCH")).toEqual([]);
  });
});
