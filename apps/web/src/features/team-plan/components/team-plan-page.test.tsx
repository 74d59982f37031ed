import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  addDays,
  mondayOf,
  type TeamPlanDay,
  type TeamPlanUser,
  type TimeBlockingEvent,
  todayIn,
  type User,
} from "@timetrap/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildProject, buildRole, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { jsonResponse, type StubRequest } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";
import { buildEvent } from "../../board/lib/event-fixtures";
import { userSelectionKey } from "../lib/user-selection";

const monday = mondayOf(todayIn());
const hours = (h: number) => h * 3600;

const person = (uid: string, nominative: string) => ({
  uid,
  nominative,
  email: `${uid}@acme.com`,
  image_url: null,
  status: "active" as const,
  role: null,
  contract_type: null,
  contractual_hours: null,
  two_factor: false,
  holiday_group_id: null,
});
const people = [person("user-1", "Ada Lovelace"), person("user-2", "Grace Hopper"), person("user-3", "Alan Turing")];

/** Every day of the asked span: 8 h on weekdays; Grace has 8 h planned on Monday, 10 h on Tuesday. */
function planOf(request: StubRequest) {
  const start = request.url.searchParams.get("start_date") ?? "";
  const end = request.url.searchParams.get("end_date") ?? "";
  const ids = request.url.searchParams.getAll("user_id");
  const days: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) days.push(date);
  const users: TeamPlanUser[] = people
    .filter((p) => ids.includes(p.uid))
    .map((p) => ({
      user_id: p.uid,
      nominative: p.nominative,
      image_url: null,
      status: "active",
      days: days.map((date, i): TeamPlanDay => {
        const weekday = i % 7 < 5;
        const capacity = weekday ? hours(8) : 0;
        const planned =
          p.uid === "user-2" && date === monday
            ? hours(8)
            : p.uid === "user-2" && date === addDays(monday, 1)
              ? hours(10)
              : p.uid === "user-2" && weekday
                ? hours(9)
                : p.uid === "user-1" && weekday
                  ? hours(2)
                  : 0;
        return {
          date,
          planned,
          logged: p.uid === "user-2" && date === monday ? hours(4) : 0,
          capacity,
          percentage: capacity > 0 ? Math.round((planned / capacity) * 10_000) / 100 : null,
          over_capacity: planned > capacity,
        };
      }),
    }));
  return { start_date: start, end_date: end, users };
}

function teamPlanServer(me: User = buildUser(), blocks: TimeBlockingEvent[] = []) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/user": () => jsonResponse(people),
    "GET /api/v1/organization/org-1/project": () =>
      jsonResponse([
        buildProject({
          uid: "project-1",
          title: "Apollo",
          project_manager: { uid: "user-3", nominative: "Alan Turing", image_url: null },
          members: [{ user: { uid: "user-2", nominative: "Grace Hopper", image_url: null }, tags: [] }],
        }),
      ]),
    "GET /api/v1/organization/org-1/team-plan": (request) => jsonResponse(planOf(request)),
    "GET /api/v1/user/user-2/time-blocking": () => jsonResponse(blocks),
    "GET /api/v1/user/user-2/timer": () => jsonResponse(null),
  });
}

const route = "/user/user-1/teamplan3";
const slow = 20_000;
const rowOf = (name: string) => screen.getByRole("rowheader", { name: new RegExp(name) }).closest("tr") as HTMLElement;

afterEach(() => window.localStorage.removeItem(userSelectionKey));

describe("team plan page", () => {
  it(
    "starts with the route's person and draws a cell per working day with hours and bars",
    async () => {
      const fetch = teamPlanServer();
      renderApp({ route });
      expect(await screen.findByRole("heading", { level: 1, name: "Team plan" })).toBeInTheDocument();
      const [cell] = await screen.findAllByRole("button", {
        name: /^Ada Lovelace, .*: 2 h planned of 8 h, 0 h logged, 25% of capacity$/,
      });
      expect(cell).toBeInTheDocument();
      const row = rowOf("Ada Lovelace");
      expect(within(row).getAllByRole("button", { name: /^Ada Lovelace, / })).toHaveLength(5);
      expect(within(row).getByText("10 h this week")).toBeInTheDocument();
      const [request] = fetch.requestsTo("GET", "/api/v1/organization/org-1/team-plan");
      expect(request?.url.searchParams.get("start_date")).toBe(monday);
      expect(request?.url.searchParams.get("end_date")).toBe(addDays(monday, 6));
      expect(request?.url.searchParams.getAll("user_id")).toEqual(["user-1"]);
      expect(window.localStorage.getItem(userSelectionKey)).toBe(
        JSON.stringify({ organization_id: "org-1", user_ids: ["user-1"] }),
      );
    },
    slow,
  );

  it(
    "restores the kept selection and fills the bars by percentage, darker at exactly 100",
    async () => {
      window.localStorage.setItem(userSelectionKey, JSON.stringify({ organization_id: "org-1", user_ids: ["user-2"] }));
      teamPlanServer();
      renderApp({ route });
      const full = await screen.findByRole("button", {
        name: /^Grace Hopper, .*: 8 h planned of 8 h, 4 h logged, 100% of capacity$/,
      });
      const over = screen.getByRole("button", {
        name: /^Grace Hopper, .*: 10 h planned of 8 h, .*125% of capacity, over capacity$/,
      });
      const fills = (cell: HTMLElement) => [...cell.querySelectorAll<HTMLElement>("[style]")].map((e) => e.style.width);
      expect(fills(full)).toEqual(["100%", "50%"]);
      expect(full.querySelector("[data-full]")).not.toBeNull();
      expect(fills(over)).toEqual(["100%", "0%"]);
      expect(over.querySelector("[data-full]")).toBeNull();
      expect(screen.queryByRole("rowheader", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    },
    slow,
  );

  it(
    "ignores a corrupted kept selection and starts with the route's person",
    async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      window.localStorage.setItem(userSelectionKey, "{broken");
      teamPlanServer();
      renderApp({ route });
      expect(await screen.findByRole("rowheader", { name: /Ada Lovelace/ })).toBeInTheDocument();
      vi.restoreAllMocks();
    },
    slow,
  );

  it(
    "fills the selection with a project's manager and members, and clearing it goes back to the route's person",
    async () => {
      const fetch = teamPlanServer();
      const { user } = renderApp({ route });
      await screen.findByRole("rowheader", { name: /Ada Lovelace/ });
      await chooseOption(user, "Project", "Apollo");
      expect(await screen.findByRole("rowheader", { name: /Alan Turing/ })).toBeInTheDocument();
      expect(screen.getByRole("rowheader", { name: /Grace Hopper/ })).toBeInTheDocument();
      expect(screen.queryByRole("rowheader", { name: /Ada Lovelace/ })).not.toBeInTheDocument();
      expect(
        fetch.requestsTo("GET", "/api/v1/organization/org-1/team-plan").at(-1)?.url.searchParams.getAll("user_id"),
      ).toEqual(["user-2", "user-3"]);
      // The clear button is the pointer's way (hidden from assistive technology); picking the project again clears it too.
      await chooseOption(user, "Project", "Apollo");
      expect(await screen.findByRole("rowheader", { name: /Ada Lovelace/ })).toBeInTheDocument();
      expect(screen.queryByRole("rowheader", { name: /Alan Turing/ })).not.toBeInTheDocument();
    },
    slow,
  );

  it(
    "says no data found once the last person is removed",
    async () => {
      teamPlanServer();
      const { user } = renderApp({ route });
      await screen.findByRole("rowheader", { name: /Ada Lovelace/ });
      await user.click(within(rowOf("Ada Lovelace")).getByRole("button", { name: "Remove Ada Lovelace" }));
      expect(await screen.findByText("No data found")).toBeInTheDocument();
    },
    slow,
  );

  it(
    "moves between cells with the arrows, opens the day with Enter and closes it with Escape",
    async () => {
      window.localStorage.setItem(
        userSelectionKey,
        JSON.stringify({ organization_id: "org-1", user_ids: ["user-1", "user-2"] }),
      );
      teamPlanServer();
      const { user } = renderApp({ route });
      const [first] = await screen.findAllByRole("button", { name: /^Ada Lovelace, / });
      const cells = (name: string) => within(rowOf(name)).getAllByRole("button", { name: new RegExp(`^${name}, `) });
      expect(cells("Ada Lovelace")[0]).toHaveAttribute("tabindex", "0");
      expect(cells("Ada Lovelace")[1]).toHaveAttribute("tabindex", "-1");
      first?.focus();
      await user.keyboard("{ArrowRight}");
      expect(cells("Ada Lovelace")[1]).toHaveFocus();
      await user.keyboard("{ArrowDown}");
      expect(cells("Grace Hopper")[1]).toHaveFocus();
      await user.keyboard("{Enter}");
      const panel = await screen.findByRole("complementary", { name: /^Grace Hopper, / });
      expect(within(panel).getByRole("note")).toHaveTextContent("Overbooked: 10 h planned, capacity 8 h");
      expect(cells("Grace Hopper")[1]).toHaveAttribute("aria-pressed", "true");
      fireEvent.keyDown(cells("Grace Hopper")[1] as HTMLElement, { key: "Escape" });
      await waitFor(() =>
        expect(screen.queryByRole("complementary", { name: /^Grace Hopper, / })).not.toBeInTheDocument(),
      );
    },
    slow,
  );

  it(
    "opens a day's panel with the person's blocks on a click, and closes it",
    async () => {
      window.localStorage.setItem(userSelectionKey, JSON.stringify({ organization_id: "org-1", user_ids: ["user-2"] }));
      const fetch = teamPlanServer();
      const { user } = renderApp({ route });
      await user.click(await screen.findByRole("button", { name: /^Grace Hopper, .*: 8 h planned/ }));
      const panel = await screen.findByRole("complementary", { name: /^Grace Hopper, / });
      await waitFor(() =>
        expect(fetch.requestsTo("GET", "/api/v1/user/user-2/time-blocking").length).toBeGreaterThan(0),
      );
      const [request] = fetch.requestsTo("GET", "/api/v1/user/user-2/time-blocking");
      const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
      expect(request?.url.searchParams.get("startTime")).toBe(new Date(y, m - 1, d).toISOString());
      expect(within(panel).queryByRole("note")).not.toBeInTheDocument();
      await user.click(within(panel).getByRole("button", { name: "Close the day" }));
      await waitFor(() => expect(screen.queryByRole("complementary")).not.toBeInTheDocument());
    },
    slow,
  );

  it(
    "offers a block's menu in the day's panel: mark completed for an open activity, not for a plan",
    async () => {
      window.localStorage.setItem(userSelectionKey, JSON.stringify({ organization_id: "org-1", user_ids: ["user-2"] }));
      const [y, m, d] = monday.split("-").map(Number) as [number, number, number];
      const at = (hour: number) => new Date(y, m - 1, d, hour).getTime();
      teamPlanServer(buildUser(), [
        buildEvent({ user_id: "user-2", title: "Wireframes", start_time: at(9), end_time: at(10) }),
        buildEvent({
          id: "22222222-2222-4222-8222-222222222222",
          user_id: "user-2",
          title: "Sprint plan",
          event_type: "planning",
          start_time: at(11),
          end_time: at(12),
        }),
      ]);
      const { user } = renderApp({ route });
      await user.click(await screen.findByRole("button", { name: /^Grace Hopper, .*: 8 h planned/ }));
      const panel = await screen.findByRole("complementary", { name: /^Grace Hopper, / });
      const itemsOf = async (title: string) => {
        fireEvent.contextMenu(await within(panel).findByRole("button", { name: new RegExp(`^${title}, `) }), {
          clientX: 100,
          clientY: 100,
        });
        const menu = await screen.findByRole("menu", { hidden: true });
        const names = within(menu)
          .getAllByRole("menuitem", { hidden: true })
          .map((item) => item.textContent);
        fireEvent.keyDown(menu, { key: "Escape" });
        await waitFor(() => expect(screen.queryByRole("menu", { hidden: true })).not.toBeInTheDocument());
        return names;
      };
      expect(await itemsOf("Wireframes")).toEqual(["Mark completed", "Edit", "Copy"]);
      expect(await itemsOf("Sprint plan")).toEqual(["Edit", "Copy"]);
    },
    slow,
  );

  it(
    "shows the twelve-week forecast: 45 h planned against 40 h reads 112.5 % in red",
    async () => {
      window.localStorage.setItem(
        userSelectionKey,
        JSON.stringify({ organization_id: "org-1", user_ids: ["user-2", "user-1"] }),
      );
      const fetch = teamPlanServer();
      const { user } = renderApp({ route });
      await screen.findByRole("rowheader", { name: /Grace Hopper/ });
      await user.click(screen.getByRole("radio", { name: "Forecast" }));
      const table = await screen.findByRole("table", { name: "Capacity forecast by person and week" });
      const request = fetch.requestsTo("GET", "/api/v1/organization/org-1/team-plan").at(-1);
      expect(request?.url.searchParams.get("start_date")).toBe(monday);
      expect(request?.url.searchParams.get("end_date")).toBe(addDays(monday, 83));
      const grace = within(
        within(table)
          .getByRole("rowheader", { name: /Grace Hopper/ })
          .closest("tr") as HTMLElement,
      );
      const cells = grace.getAllByRole("cell");
      expect(cells).toHaveLength(12);
      // 8 + 10 + 9 + 9 + 9 = 45 h against 40 h.
      expect(cells[0]).toHaveTextContent("112.5%");
      expect(cells[0]).toHaveAttribute("data-level", "over");
      const ada = within(
        within(table)
          .getByRole("rowheader", { name: /Ada Lovelace/ })
          .closest("tr") as HTMLElement,
      );
      expect(ada.getAllByRole("cell")[0]).toHaveTextContent("25%");
      expect(ada.getAllByRole("cell")[0]).toHaveAttribute("data-level", "low");
    },
    slow,
  );

  it(
    "tells a member without read team that they may not see the team plan",
    async () => {
      const fetch = teamPlanServer(buildUser({ role: buildRole("member") }));
      renderApp({ route });
      expect(await screen.findByText(/your role may not read the team/)).toBeInTheDocument();
      expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/team-plan")).toHaveLength(0);
    },
    slow,
  );
});
