import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TimeBlockingEvent } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildOrganizationUser, buildRole, buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent } from "../lib/event-fixtures";

/** Monday 00:00 of the current week, in the test's zone: the board opens on it. */
function mondayOfThisWeek(): Date {
  const today = new Date();
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

function at(day: Date, hour: number, minute = 0): number {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute).getTime();
}

function boardServer(events: TimeBlockingEvent[], me = buildUser()) {
  return stubSignedInApi(me, {
    "GET /api/v1/user/user-1/time-blocking": () => jsonResponse(events),
    "GET /api/v1/user/user-1/timer": () => jsonResponse(null),
    "GET /api/v1/user/user-2/time-blocking": () => jsonResponse(events.map((e) => ({ ...e, user_id: "user-2" }))),
    "GET /api/v1/user/user-2/timer": () => jsonResponse(null),
    "GET /api/v1/organization/org-1/user": () =>
      jsonResponse([buildOrganizationUser("user-1", "Ada Lovelace", { email: "ada@acme.com" })]),
    "PATCH /api/v1/user/user-1/time-blocking/11111111-1111-4111-8111-111111111111": ({ body }) =>
      jsonResponse({ ...events[0], ...(body as object) }),
    "PATCH /api/v1/user/user-1": ({ body }) => jsonResponse({ ...me, ...(body as object) }),
  });
}

/** Right-clicks a tile (or opens its menu from the keyboard, at no position): its menu and the names of its items. */
async function openMenuOf(tile: HTMLElement, at = { clientX: 100, clientY: 100 }) {
  fireEvent.contextMenu(tile, at);
  const menu = await screen.findByRole("menu", { hidden: true });
  const items = within(menu)
    .getAllByRole("menuitem", { hidden: true })
    .map((item) => item.textContent);
  return { menu, items };
}

/** A week of FullCalendar and the app shell take seconds to draw in jsdom on a busy machine. */
const slowRender = 20_000;

describe("board page", () => {
  const monday = mondayOfThisWeek();
  const events = [
    buildEvent({ title: "Write the report", start_time: at(monday, 9), end_time: at(monday, 10, 30) }),
    buildEvent({
      id: "66666666-6666-4666-8666-666666666666",
      title: "Plan the sprint",
      event_type: "planning",
      start_time: at(monday, 11),
      end_time: at(monday, 12),
    }),
  ];

  it(
    "opens on this week: asks for its events, names the month and greys Today",
    async () => {
      const fetch = boardServer(events);
      const { user } = renderApp({ route: "/user/user-1/board" });

      expect(await screen.findByRole("button", { name: /^Write the report,/ })).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Today" })).toBeDisabled();
      const [request] = fetch.requestsTo("GET", "/api/v1/user/user-1/time-blocking");
      expect(new Date(request?.url.searchParams.get("startTime") ?? "").getTime()).toBe(monday.getTime());
      const mondayMonth = monday.toLocaleDateString("en", { month: "long" });
      expect(screen.getByRole("heading", { level: 2 }).textContent).toMatch(new RegExp(`^${mondayMonth}\\b`));

      await user.click(screen.getByRole("button", { name: "Next" }));
      expect(screen.getByRole("button", { name: "Today" })).toBeEnabled();
      await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/user/user-1/time-blocking")).toHaveLength(2));
    },
    slowRender,
  );

  it(
    "keeps its week and view in the address: a link opens that week, Next records the next one",
    async () => {
      const fetch = boardServer(events);
      const later = new Date(monday);
      later.setDate(later.getDate() + 16);
      const laterMonday = new Date(monday);
      laterMonday.setDate(laterMonday.getDate() + 14);
      const key = (day: Date) =>
        `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
      const { user } = renderApp({ route: `/user/user-1/board?date=${key(later)}&view=week` });

      await waitFor(() => expect(fetch.requestsTo("GET", "/api/v1/user/user-1/time-blocking")).toHaveLength(1));
      const [request] = fetch.requestsTo("GET", "/api/v1/user/user-1/time-blocking");
      expect(new Date(request?.url.searchParams.get("startTime") ?? "").getTime()).toBe(laterMonday.getTime());
      // A day inside the week shown is left as it was linked.
      expect(screen.getByTestId("location").textContent).toContain(`date=${key(later)}`);

      await user.click(screen.getByRole("button", { name: "Next" }));
      const nextMonday = new Date(laterMonday);
      nextMonday.setDate(nextMonday.getDate() + 7);
      await waitFor(() => expect(screen.getByTestId("location").textContent).toContain(`date=${key(nextMonday)}`));
      expect(screen.getByTestId("location").textContent).toContain("view=week");
    },
    slowRender,
  );

  it(
    "says how to start on an empty week of one's own board",
    async () => {
      boardServer([]);
      renderApp({ route: "/user/user-1/board" });
      expect(
        await screen.findByText("Nothing planned here yet. Drag across the grid to create a block, or press N."),
      ).toBeInTheDocument();
    },
    slowRender,
  );

  it(
    "offers the timer on an activity of this week and not on a planning block",
    async () => {
      boardServer(events);
      renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Write the report,/ });
      // Monday of this week is today or earlier: the timer may start on its activity.
      expect(screen.getByRole("button", { name: "Start the timer on Write the report" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Start the timer on Plan the sprint" })).toBeNull();
    },
    slowRender,
  );

  it(
    "turns an activity into planning from the right-click menu",
    async () => {
      const fetch = boardServer(events);
      renderApp({ route: "/user/user-1/board" });
      const tile = await screen.findByRole("button", { name: /^Write the report,/ });

      const { menu, items } = await openMenuOf(tile);
      expect(items).toEqual(["Edit", "Turn into planning", "Copy"]);
      // Opened by the pointer, the menu has the focus on its first item.
      await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Edit", hidden: true })).toHaveFocus());
      fireEvent.click(within(menu).getByRole("menuitem", { name: "Turn into planning", hidden: true }));

      await waitFor(() =>
        expect(
          fetch.requestsTo("PATCH", "/api/v1/user/user-1/time-blocking/11111111-1111-4111-8111-111111111111")[0]?.body,
        ).toEqual({ event_type: "planning" }),
      );
    },
    slowRender,
  );

  it(
    "walks the blocks with Tab in time order and names each with its times, project and state",
    async () => {
      const week = [
        ...events,
        buildEvent({
          id: "77777777-7777-4777-8777-777777777777",
          title: "Invoices",
          start_time: at(monday, 12),
          end_time: at(monday, 13),
          project_id: "project-1",
          project: { uid: "project-1", title: "Officine Rossi" },
          completed: true,
          elapsed_time: 3_600,
        }),
      ];
      boardServer(week);
      const { user } = renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Write the report,/ });

      screen.getByRole("button", { name: "Side panel" }).focus();
      // The hours' column first, so that the arrows scroll the grid.
      await user.tab();
      expect(document.activeElement).toHaveAttribute("data-board-hours");
      const walked: string[] = [];
      for (let step = 0; step < 4; step += 1) {
        await user.tab();
        // Node's Intl puts thin spaces around the range's dash.
        walked.push((document.activeElement?.getAttribute("aria-label") ?? "").replace(/\s/g, " "));
      }
      expect(walked).toEqual([
        "Write the report, 09:00 – 10:30",
        "Start the timer on Write the report",
        "Plan the sprint, 11:00 – 12:00, planning",
        "Invoices, 12:00 – 13:00, Officine Rossi, Time logged 01:00:00",
      ]);
    },
    slowRender,
  );

  it(
    "opens a block's editor with Enter, and gives the focus back to the block on Escape",
    async () => {
      boardServer(events);
      const { user } = renderApp({ route: "/user/user-1/board" });
      const tile = await screen.findByRole("button", { name: /^Write the report,/ });

      // Space on this block, whose timer may run, starts the timer instead (decision 033, the keyboard's own tests).
      tile.focus();
      await user.keyboard("{Enter}");
      const dialog = await screen.findByRole("dialog", { name: "Edit event" });
      expect(within(dialog).getByRole("textbox", { name: "Title" })).toHaveValue("Write the report");
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(tile).toHaveFocus();

      // The timer's button is the tile's other control: Enter on it opens no editor.
      screen.getByRole("button", { name: "Start the timer on Write the report" }).focus();
      await user.keyboard("{Enter}");
      expect(screen.queryByRole("dialog")).toBeNull();
    },
    slowRender,
  );

  it(
    "opens a block's menu from the keyboard, and the form one of its items opens gives the focus back to the block",
    async () => {
      boardServer(events);
      const { user } = renderApp({ route: "/user/user-1/board" });
      const tile = await screen.findByRole("button", { name: /^Write the report,/ });
      tile.focus();

      // The menu key and Shift+F10 send a context menu event with no pointer position.
      const { menu } = await openMenuOf(tile, { clientX: 0, clientY: 0 });
      await user.click(within(menu).getByRole("menuitem", { name: "Copy", hidden: true }));
      const copy = await screen.findByRole("dialog", { name: "New event" });
      expect(within(copy).getByRole("textbox", { name: "Title" })).toHaveValue("Write the report");
      await user.keyboard("{Escape}");
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(tile).toHaveFocus();
    },
    slowRender,
  );

  it(
    "saves the board preferences on the signed-in user",
    async () => {
      const fetch = boardServer(events);
      const { user } = renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Write the report,/ });

      await user.click(screen.getByRole("button", { name: "Board preferences" }));
      const dialog = await screen.findByRole("dialog", { name: "Board preferences" });
      await user.click(within(dialog).getByRole("switch", { name: "Show weekends" }));
      await user.click(within(dialog).getByRole("radio", { name: "Day" }));
      await user.click(within(dialog).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")).toHaveLength(1));
      expect(fetch.requestsTo("PATCH", "/api/v1/user/user-1")[0]?.body).toEqual({
        preferences: {
          allDaySlot: false,
          weekends: true,
          slotDuration: "00:30:00",
          slotMinTime: "06:00:00",
          slotMaxTime: "20:00:00",
          businessDaysOfWeek: [1, 2, 3, 4, 5],
          businessStartTime: "09:00",
          businessEndTime: "18:00",
          calendarView: "timeGridDay",
        },
      });
    },
    slowRender,
  );

  it(
    "shows a colleague's board read-only to a reader of the team who may not edit it",
    async () => {
      const member = buildRole("member");
      const reader = buildUser({
        role: { ...member, acls: [...member.acls, { subject: "team", actions: ["read"] }] },
      });
      const fetch = boardServer(events, reader);
      renderApp({ route: "/user/user-2/board" });

      const tile = await screen.findByRole("button", { name: /^Write the report,/ });
      expect(fetch.requestsTo("GET", "/api/v1/user/user-2/time-blocking")).toHaveLength(1);
      expect(screen.getByRole("combobox", { name: "Board of" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: /^Start the timer/ })).toBeNull();

      const { items } = await openMenuOf(tile);
      expect(items).toEqual(["Edit"]);
    },
    slowRender,
  );

  it(
    "hides the user picker from someone who may not read the team",
    async () => {
      boardServer(events, buildUser({ role: buildRole("member") }));
      renderApp({ route: "/user/user-1/board" });
      await screen.findByRole("button", { name: /^Write the report,/ });
      expect(screen.queryByRole("combobox", { name: "Board of" })).toBeNull();
      expect(screen.getByRole("button", { name: "Start the timer on Write the report" })).toBeInTheDocument();
    },
    slowRender,
  );
});
