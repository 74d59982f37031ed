import { screen, waitFor, within } from "@testing-library/react";
import type { User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const leavePath = "/api/v1/user/user-1/organization/org-1";
const route = "/user/user-1/profile";

/** The signed-in person as the server keeps them: leaving takes their organization and role away. */
function server(start: User, leave: StubHandler) {
  let current = start;
  return stubSignedInApi(start, {
    "GET /api/v1/auth/me": () => jsonResponse(current),
    "GET /api/v1/auth/invitations": () => jsonResponse([]),
    [`DELETE ${leavePath}`]: async (request) => {
      const response = await leave(request);
      if (response.ok) current = { ...current, organization: null, role: null };
      return response;
    },
  });
}

describe("leaving the organization", { timeout: 15_000 }, () => {
  it("asks first, then leaves: the onboarding offers to create or join another", async () => {
    const fetch = server(buildUser(), () => new Response(null, { status: 204 }));
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Leave Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Leave Acme?" });
    expect(within(dialog).getByText(/Your logged time stays in its reports/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.requestsTo("DELETE", leavePath)).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Leave Acme" }));
    const again = await screen.findByRole("dialog", { name: "Leave Acme?" });
    await user.click(within(again).getByRole("button", { name: "Leave organization" }));
    expect(await screen.findByText("You left Acme")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", leavePath)).toHaveLength(1);
    expect(await screen.findByText("Enter your company name")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave Acme" })).not.toBeInTheDocument();
  });

  it("shows why the last administrator cannot leave", async () => {
    server(buildUser(), () =>
      errorResponse(409, "CONFLICT", "You are the last administrator of Acme: give someone else the Admin role first"),
    );
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Leave Acme" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Leave organization" }));
    expect(
      await screen.findByText("You are the last administrator of Acme: give someone else the Admin role first"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Acme" })).toBeInTheDocument();
  });

  it("speaks Italian", async () => {
    server(buildUser({ language: "it" }), () => new Response(null, { status: 204 }));
    const { user } = renderApp({ route });
    expect(await screen.findByRole("heading", { level: 2, name: "Lascia l'organizzazione" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Lascia Acme" }));
    expect(await screen.findByRole("dialog", { name: "Lasciare Acme?" })).toBeInTheDocument();
  });
});
