import { screen, waitFor } from "@testing-library/react";
import type { HolidayGroup, OrganizationUser } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { chooseOption } from "../../../testing/combobox";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { ada, buildMember, role, roleIds, signedInUser, usersServer } from "../users-test-server";

const milan: HolidayGroup = {
  id: "7a1f6d1e-1111-4111-8111-111111111111",
  name: "Italy",
  country: "IT",
  region: null,
  convention: "reduce",
  is_default: true,
  member_count: 2,
  days: [],
};
const munich: HolidayGroup = {
  ...milan,
  id: "7a1f6d1e-2222-4222-8222-222222222222",
  name: "Munich office",
  country: "DE",
  region: "BY",
  is_default: false,
  member_count: 0,
};

const luca = buildMember({ uid: "user-2", nominative: "Luca Verdi", role: { uid: roleIds.member, name: "Member" } });
const route = "/organization/org-1/users/user-2";

function server({ groups = [milan, munich], me = signedInUser() } = {}) {
  let current: OrganizationUser = luca;
  return usersServer({
    me,
    users: [ada, luca],
    routes: {
      "GET /api/v1/organization/org-1/user/user-2": () => jsonResponse(current),
      "GET /api/v1/organization/org-1/user/user-2/contract": () => jsonResponse([]),
      "GET /api/v1/organization/org-1/holiday-groups": () => jsonResponse(groups),
      "PATCH /api/v1/organization/org-1/user/user-2": ({ body }) => {
        current = { ...current, ...(body as Partial<OrganizationUser>) };
        return jsonResponse(current);
      },
    },
  });
}

describe("a member's holiday group on the user details page", () => {
  it("shows the default group for a member without one, and moves them to another", async () => {
    const fetch = server();
    const { user } = renderApp({ route });
    const select = await screen.findByRole("combobox", { name: "Holiday group" });
    await waitFor(() => expect(select).toHaveValue("The default (Italy)"));

    await chooseOption(user, "Holiday group", "Munich office");
    expect(await screen.findByText("Holiday group saved")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/user/user-2")[0]?.body).toEqual({
      holiday_group_id: munich.id,
    });
    await waitFor(() => expect(select).toHaveValue("Munich office"));

    await chooseOption(user, "Holiday group", "The default (Italy)");
    await waitFor(() => expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/user/user-2")).toHaveLength(2));
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/user/user-2")[1]?.body).toEqual({
      holiday_group_id: null,
    });
  });

  it("says so when the organization has no holiday groups, and offers nothing to pick", async () => {
    server({ groups: [] });
    renderApp({ route });
    const select = await screen.findByRole("combobox", { name: "Holiday group" });
    await waitFor(() => expect(select).toHaveAttribute("placeholder", "The organization has no holiday groups"));
    expect(select).toBeDisabled();
  });

  it("is read-only without edit on organization", async () => {
    const fetch = server({ me: signedInUser({ role: role("manager") }) });
    renderApp({ route });
    const select = await screen.findByRole("combobox", { name: "Holiday group" });
    await waitFor(() => expect(select).toHaveValue("The default (Italy)"));
    expect(select).toBeDisabled();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/user/user-2")).toHaveLength(0);
  });
});
