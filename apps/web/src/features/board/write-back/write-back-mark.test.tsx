import { screen } from "@testing-library/react";
import { defaultPreferences, type TimeBlockingEvent, type WriteBack } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent } from "../lib/event-fixtures";
import { writeBackWeekOf } from "./write-back-view";

/** Monday 00:00 of the current week, in the test's zone: the board opens on it. */
function mondayOfThisWeek(): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

const monday = mondayOfThisWeek();
const at = (hour: number, minute = 0) =>
  new Date(monday.getFullYear(), monday.getMonth(), monday.getDate(), hour, minute).getTime();
const writeBacksPath = "/api/v1/user/user-1/write-backs";
const slowRender = 30_000;
/** The board's first draw with its lazily loaded parts, on a machine busy with other work. */
const firstDraw = { timeout: 15_000 };

let next = 0;
/** A completed hour of Ada's on Monday, from `source`. */
function block(title: string, source: string, overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  next += 1;
  const hour = 7 + next;
  return buildEvent({
    id: `55555555-5555-4555-8555-${String(next).padStart(12, "0")}`,
    user_id: "user-1",
    title,
    start_time: at(hour),
    end_time: at(hour + 1),
    elapsed_time: 3600,
    completed: true,
    source,
    source_id: source === "timetrap" ? null : `item-${next}`,
    ...overrides,
  });
}

function writeBackOf(event: TimeBlockingEvent, overrides: Partial<WriteBack>): WriteBack {
  return {
    event_id: event.id,
    service: event.source as WriteBack["service"],
    item_id: event.source_id ?? "",
    state: "written",
    written_seconds: 3600,
    written_date: null,
    error: null,
    attempts: 1,
    updated_at: 0,
    ...overrides,
  };
}

function boardServer(events: TimeBlockingEvent[], writeBacks: WriteBack[] | (() => WriteBack[]) = []) {
  const me = buildUser({
    preferences: {
      ...defaultPreferences,
      businessDaysOfWeek: [1, 2, 3, 4, 5],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      slotMinTime: "06:00:00",
      slotMaxTime: "22:00:00",
    },
  });
  return stubSignedInApi(me, {
    "GET /api/v1/user/user-1/time-blocking": () => jsonResponse(events.filter((event) => event.user_id === "user-1")),
    "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
    "GET /api/v1/user/user-2/time-blocking": () => jsonResponse(events.filter((event) => event.user_id === "user-2")),
    "GET /api/v1/user/user-2/timer": () => jsonResponse(null),
    "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
    [`GET ${writeBacksPath}`]: () =>
      jsonResponse({ write_backs: typeof writeBacks === "function" ? writeBacks() : writeBacks }),
  });
}

describe("a tile's mark of the time written back (decision 032)", () => {
  it(
    "marks the completed blocks from the tools as written, on their way or failed, asking once for the week",
    async () => {
      const written = block("Fix the login", "jira");
      const failed = block("Invoice run", "paymo");
      const pending = block("Call the bank", "todoist");
      const off = block("Plan the sprint", "asana");
      const own = block("Lunch", "timetrap");
      const open = block("Review PR", "jira", { completed: false, elapsed_time: 0 });
      const fetch = boardServer(
        [written, failed, pending, off, own, open],
        [
          writeBackOf(written, {}),
          writeBackOf(failed, { state: "failed", error: "Paymo: Task not found", written_seconds: null }),
          writeBackOf(pending, { state: "pending", written_seconds: null }),
          writeBackOf(off, { state: "off", written_seconds: null }),
        ],
      );
      renderApp({ route: "/user/user-1/board" });

      expect(await screen.findByRole("img", { name: "Time written to Jira" }, firstDraw)).toBeInTheDocument();
      expect(screen.getByRole("img", { name: "Time not written to Paymo" })).toBeInTheDocument();
      expect(screen.getByRole("img", { name: "Time being written to Todoist" })).toBeInTheDocument();
      // Write-back was off for Asana; a Timetrap block and one not completed have nothing to write.
      expect(screen.queryByRole("img", { name: /Asana/ })).not.toBeInTheDocument();
      expect(screen.getAllByRole("img", { name: /^Time / })).toHaveLength(3);

      const week = writeBackWeekOf(written.start_time);
      const asked = fetch.requestsTo("GET", writeBacksPath);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.url.searchParams.get("start_time")).toBe(String(week.start));
      expect(asked[0]?.url.searchParams.get("end_time")).toBe(String(week.end));
    },
    slowRender,
  );

  it(
    "asks nothing when the week has no completed block from a tool",
    async () => {
      const fetch = boardServer([
        block("Lunch", "timetrap"),
        block("Review PR", "jira", { completed: false, elapsed_time: 0 }),
        block("Standup", "gcalendar", { source_id: "standup-1" }),
      ]);
      renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Lunch,/ }, firstDraw);
      await screen.findByRole("button", { name: /^Review PR,/ });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fetch.requestsTo("GET", writeBacksPath)).toHaveLength(0);
      expect(screen.queryByRole("img", { name: /^Time / })).not.toBeInTheDocument();
    },
    slowRender,
  );

  it(
    "asks nothing on another person's board: their write-backs are theirs",
    async () => {
      const fetch = boardServer([block("Fix the login", "jira", { user_id: "user-2" })]);
      renderApp({ route: "/user/user-2/board" });
      await screen.findByRole("button", { name: /^Fix the login,/ }, firstDraw);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fetch.requestsTo("GET", writeBacksPath)).toHaveLength(0);
      expect(fetch.requestsTo("GET", "/api/v1/user/user-2/write-backs")).toHaveLength(0);
    },
    slowRender,
  );

  it(
    "follows a write on its way until it is written",
    async () => {
      const fixing = block("Fix the login", "jira");
      let asked = 0;
      boardServer([fixing], () => {
        asked += 1;
        return [writeBackOf(fixing, asked === 1 ? { state: "pending", written_seconds: null, attempts: 0 } : {})];
      });
      renderApp({ route: "/user/user-1/board" });
      expect(await screen.findByRole("img", { name: "Time being written to Jira" }, firstDraw)).toBeInTheDocument();
      expect(await screen.findByRole("img", { name: "Time written to Jira" }, { timeout: 8_000 })).toBeInTheDocument();
      expect(asked).toBe(2);
    },
    slowRender,
  );
});
