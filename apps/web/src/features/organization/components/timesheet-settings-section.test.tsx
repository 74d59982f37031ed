import { screen, waitFor } from "@testing-library/react";
import type { Organization, OrganizationSettings, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildOrganization, buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

function settingsServer({
  me = buildUser(),
  settings = { approval_period: "week", lock_before: null, prevent_overlapping_activities: false },
  patch,
}: {
  me?: User;
  settings?: OrganizationSettings;
  patch?: StubHandler;
} = {}) {
  let organization: Organization = buildOrganization({ settings });
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1": () => jsonResponse(organization),
    "GET /api/v1/organization/org-1/access-tokens": () => jsonResponse([]),
    "PATCH /api/v1/organization/org-1":
      patch ??
      (({ body }) => {
        const sent = (body as { settings: Partial<OrganizationSettings> }).settings;
        organization = { ...organization, settings: { ...organization.settings, ...sent } };
        return jsonResponse({ organization, invalidDomains: [] });
      }),
  });
}

const route = "/organization/org-1";

describe("timesheet settings on the organization page", () => {
  it("saves the approval period and the overlap guard together", async () => {
    const fetch = settingsServer();
    const { user } = renderApp({ route });
    const save = await screen.findByRole("button", { name: "Save timesheet settings" });
    expect(save).toBeDisabled();
    expect(screen.getByRole("radio", { name: "Week" })).toBeChecked();
    const guard = screen.getByRole("switch", { name: /^Prevent overlapping entries/ });
    expect(guard).not.toBeChecked();

    await user.click(screen.getByRole("radio", { name: "Month" }));
    await user.click(guard);
    await user.click(save);

    expect(await screen.findByText("Timesheet settings saved")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")[0]?.body).toEqual({
      settings: { approval_period: "month", lock_before: null, prevent_overlapping_activities: true },
    });
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("locks the entries before a date typed day first", async () => {
    const fetch = settingsServer();
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("textbox", { name: "Lock entries before" }));
    await user.paste("01/03/2026");
    await user.click(screen.getByRole("button", { name: "Save timesheet settings" }));
    expect(await screen.findByText("Timesheet settings saved")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")[0]?.body).toEqual({
      settings: { approval_period: "week", lock_before: "2026-03-01", prevent_overlapping_activities: false },
    });
  });

  it("clears the lock date, which locks nothing again", async () => {
    const fetch = settingsServer({
      settings: { approval_period: "week", lock_before: "2026-01-01", prevent_overlapping_activities: true },
    });
    const { user } = renderApp({ route });
    const lock = await screen.findByRole("textbox", { name: "Lock entries before" });
    expect(lock).toHaveValue("01/01/2026");
    expect(screen.getByRole("switch", { name: /^Prevent overlapping entries/ })).toBeChecked();
    await user.clear(lock);
    await user.tab();
    await user.click(screen.getByRole("button", { name: "Save timesheet settings" }));
    await screen.findByText("Timesheet settings saved");
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")[0]?.body).toEqual({
      settings: { approval_period: "week", lock_before: null, prevent_overlapping_activities: true },
    });
  });

  it("tells the server's refusal and keeps what was chosen", async () => {
    settingsServer({
      patch: () => errorResponse(403, "FORBIDDEN", "You need the edit permission on organization", "Forbidden"),
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("radio", { name: "Month" }));
    await user.click(screen.getByRole("button", { name: "Save timesheet settings" }));
    expect(await screen.findByText("You need the edit permission on organization")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Month" })).toBeChecked();
    expect(screen.getByRole("button", { name: "Save timesheet settings" })).toBeEnabled();
  });

  it("shows the settings without a way to change them to who may not edit the organization", async () => {
    const fetch = settingsServer({
      me: buildUser({ role: buildRole("manager") }),
      settings: { approval_period: "month", lock_before: "2026-02-01", prevent_overlapping_activities: true },
    });
    renderApp({ route });
    expect(await screen.findByRole("radio", { name: "Month" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Month" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Lock entries before" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Lock entries before" })).toHaveValue("01/02/2026");
    expect(screen.getByRole("switch", { name: /^Prevent overlapping entries/ })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save timesheet settings" })).toBeNull();
    expect(screen.getByText("Only users who may edit the organization change these settings.")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1")).toHaveLength(0);
  });
});
