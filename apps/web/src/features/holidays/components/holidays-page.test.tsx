import { screen, waitFor, within } from "@testing-library/react";
import type { HolidayCountryEntry, HolidayDay, HolidayGroup, TimeOffKind } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { chooseOption } from "../../../testing/combobox";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const countries: HolidayCountryEntry[] = [
  { code: "DE", name: "Germany", regions: [{ code: "BY", name: "Bavaria" }] },
  { code: "IT", name: "Italy", regions: [] },
  { code: "US", name: "United States", regions: [] },
];

const italy: HolidayGroup = {
  id: "group-1",
  name: "Italy",
  country: "IT",
  region: null,
  convention: "reduce",
  is_default: true,
  member_count: 3,
  days: [{ date: "2026-12-07", name: "Sant'Ambrogio", half_day: false }],
};

const kinds: TimeOffKind[] = [
  { id: "kind-1", name: "Vacation", color: "#228be6", paid: true, needs_approval: true, yearly_allowance_days: 20 },
  {
    id: "kind-2",
    name: "Sick leave",
    color: "#fa5252",
    paid: true,
    needs_approval: false,
    yearly_allowance_days: null,
  },
];

const year = new Date().getFullYear();
const days: HolidayDay[] = [
  { date: `${year}-12-07`, name: "Sant'Ambrogio", half_day: false, source: "own" },
  { date: `${year}-12-08`, name: "Immacolata Concezione", half_day: false, source: "public" },
  { date: `${year}-12-24`, name: "Vigilia", half_day: true, source: "public" },
];

const route = "/organization/org-1/holidays";

function holidaysServer({
  groups = [italy],
  routes = {},
}: {
  groups?: HolidayGroup[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(buildUser({ role: buildRole("admin") }), {
    "GET /api/v1/holiday-countries": () => jsonResponse(countries),
    "GET /api/v1/organization/org-1/holiday-groups": () => jsonResponse(groups),
    "GET /api/v1/organization/org-1/holiday-groups/group-1/days": () => jsonResponse(days),
    "GET /api/v1/organization/org-1/time-off-kinds": () => jsonResponse(kinds),
    ...routes,
  });
}

describe("holidays and time off page", () => {
  it("lists the groups with their country, convention and people, and previews the default's year", async () => {
    const fetch = holidaysServer();
    renderApp({ route });
    const row = await screen.findByTestId("holiday-group-row");
    await waitFor(() => expect(row).toHaveTextContent("Italy"));
    expect(row).toHaveTextContent("Default");
    expect(row).toHaveTextContent("Whole country");
    expect(row).toHaveTextContent("Lowers expected hours");

    const preview = await screen.findByRole("table", { name: `Italy: holidays of ${year}` });
    expect(within(preview).getByText("Immacolata Concezione")).toBeInTheDocument();
    expect(within(preview).getAllByText("Own day")).toHaveLength(1);
    expect(within(preview).getByText("Half day")).toBeInTheDocument();
    expect(screen.getByText("3 days")).toBeInTheDocument();
    expect(
      fetch
        .requestsTo("GET", "/api/v1/organization/org-1/holiday-groups/group-1/days")[0]
        ?.url.searchParams.get("year"),
    ).toBe(String(year));
  });

  it("offers the first group with the country of the browser's region, and sends what was filled in", async () => {
    const fetch = holidaysServer({
      groups: [],
      routes: {
        "POST /api/v1/organization/org-1/holiday-groups": ({ body }) =>
          jsonResponse({ ...italy, id: "group-2", ...(body as object), member_count: 1 }, 201),
      },
    });
    const { user } = renderApp({ route });
    expect(await screen.findByText("No holidays yet")).toBeInTheDocument();
    // jsdom's browser speaks en-US.
    expect(
      await screen.findByText(
        "Create a group with the public holidays of United States so that they lower everyone's expected hours.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add group" }));
    const dialog = await screen.findByRole("dialog", { name: "New holiday group" });
    expect(within(dialog).getByRole("combobox", { name: /Country/ })).toHaveValue("United States");
    expect(within(dialog).getByText("Suggested from your browser's region")).toBeInTheDocument();
    expect(within(dialog).getByRole("switch", { name: /Default group/ })).toBeChecked();

    await user.click(within(dialog).getByRole("button", { name: "Add a day" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Each own day needs a date")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/holiday-groups")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: /^Name$|^Name \*/ }), "Munich office");
    await chooseOption(user, /Country/, "Germany", dialog);
    await chooseOption(user, /Region/, "Bavaria", dialog);
    await user.click(within(dialog).getByRole("radio", { name: /counts as hours worked/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Date of own day 1/ }), "02/01/2027");
    await user.type(within(dialog).getByRole("textbox", { name: /Name of own day 1/ }), "Company closure");
    await user.click(within(dialog).getByRole("checkbox", { name: "Half day" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Munich office created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/holiday-groups")[0]?.body).toEqual({
      name: "Munich office",
      country: "DE",
      region: "BY",
      convention: "worked",
      is_default: true,
      days: [{ date: "2027-01-02", name: "Company closure", half_day: true }],
    });
    expect(
      fetch.requestsTo("POST", "/api/v1/organization/org-1/holiday-groups")[0]?.headers.get("Idempotency-Key"),
    ).toBeTruthy();
  });

  it("tells why the default group cannot be deleted, as the server says", async () => {
    const fetch = holidaysServer({
      groups: [italy, { ...italy, id: "group-2", name: "Munich office", is_default: false, country: "DE" }],
      routes: {
        "DELETE /api/v1/organization/org-1/holiday-groups/group-1": () =>
          errorResponse(409, "CONFLICT", "The default group cannot be deleted while other groups exist"),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delete Italy" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete holiday group?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The default group cannot be deleted while other groups exist")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/holiday-groups/group-1")).toHaveLength(1);
  });

  it("makes another group the default", async () => {
    const fetch = holidaysServer({
      groups: [italy, { ...italy, id: "group-2", name: "Munich office", is_default: false, country: "DE" }],
      routes: {
        "PATCH /api/v1/organization/org-1/holiday-groups/group-2": ({ body }) =>
          jsonResponse({ ...italy, id: "group-2", name: "Munich office", ...(body as object) }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Make Munich office the default group" }));
    expect(await screen.findByText("Munich office is now the default group")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/holiday-groups/group-2")[0]?.body).toEqual({
      is_default: true,
    });
  });

  it("lists the kinds of time off and adds one with an allowance", async () => {
    const fetch = holidaysServer({
      routes: {
        "POST /api/v1/organization/org-1/time-off-kinds": ({ body }) =>
          jsonResponse({ id: "kind-3", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route });
    const rows = await screen.findAllByTestId("time-off-kind-row");
    expect(rows.map((row) => row.textContent)).toEqual(["VacationYesYes20 days", "Sick leaveYesNoNone"]);

    await user.click(screen.getByRole("button", { name: "Add kind" }));
    const dialog = await screen.findByRole("dialog", { name: "New kind of time off" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /^Name/ }), "Study leave");
    await user.click(within(dialog).getByRole("switch", { name: "Paid" }));
    await user.type(within(dialog).getByRole("textbox", { name: /Yearly allowance/ }), "5");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Kind of time off created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/time-off-kinds")[0]?.body).toEqual({
      name: "Study leave",
      color: "#12b886",
      paid: false,
      needs_approval: true,
      yearly_allowance_days: 5,
    });
  });

  it("shows the server's words when the groups cannot be loaded", async () => {
    holidaysServer({
      routes: {
        "GET /api/v1/organization/org-1/holiday-groups": () =>
          errorResponse(403, "FORBIDDEN", "You need edit on organization"),
      },
    });
    renderApp({ route });
    expect(await screen.findByText("The holiday groups could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("You need edit on organization")).toBeInTheDocument();
  });
});
