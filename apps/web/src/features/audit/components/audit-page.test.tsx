import { screen, waitFor, within } from "@testing-library/react";
import type { AuditEvent, AuditPage } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { jsonResponse } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const contractChanged: AuditEvent = {
  id: id(1),
  at: new Date(2026, 2, 3, 10, 15, 30).getTime(),
  actor_id: "user-1",
  actor_name: "Ada Lovelace",
  kind: "contract.updated",
  target: { type: "contract", id: id(9), label: "Luca Verdi" },
  ip: "203.0.113.5",
  device: { browser: "Chrome", os: "Windows" },
  before: { contract_type: "full-time", hourly_cost: 30, from_date: "2025-01-01" },
  after: { contract_type: "part-time", hourly_cost: 35, from_date: "2025-01-01" },
};
const roleChanged: AuditEvent = {
  ...contractChanged,
  id: id(2),
  kind: "role.updated",
  target: { type: "role", id: id(8), label: "Manager" },
  before: { name: "Manager", acls: [{ subject: "project", actions: ["read"] }] },
  after: { name: "Manager", acls: [{ subject: "project", actions: ["read", "edit"] }] },
};
const failedSignIn: AuditEvent = {
  ...contractChanged,
  id: id(3),
  actor_id: null,
  actor_name: null,
  kind: "sign_in.failed",
  target: { type: "user", id: "user-1", label: "ada@acme.com" },
  device: { browser: null, os: null },
  before: null,
  after: null,
};

const auditPath = "GET /api/v1/organization/org-1/audit";
const page = (items: AuditEvent[], next: string | null = null): AuditPage => ({ items, next });

describe("audit page", () => {
  it("lists the events with who, what, target, address and device, and shows a change's before and after", async () => {
    stubSignedInApi(buildUser(), {
      [auditPath]: () => jsonResponse(page([contractChanged, roleChanged, failedSignIn])),
      "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
    });
    const { user } = renderApp({ route: "/organization/org-1/audit" });

    const rows = await screen.findAllByTestId("audit-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("03/03/2026 10:15:30");
    expect(rows[0]).toHaveTextContent("Contract changed");
    expect(rows[0]).toHaveTextContent("Contract ofLuca Verdi");
    expect(rows[0]).toHaveTextContent("203.0.113.5");
    expect(rows[0]).toHaveTextContent("Chrome on Windows");
    expect(rows[2]).toHaveTextContent("Not signed in");
    expect(rows[2]).toHaveTextContent("Unknown device");
    expect(within(rows[2]!).queryByRole("button")).toBeNull();

    await user.click(within(rows[0]!).getByRole("button", { name: /Details of “Contract changed”/ }));
    const contractDetails = screen.getAllByTestId("audit-changes")[0]!;
    expect(contractDetails).toBeVisible();
    expect(contractDetails).toHaveTextContent("Contract type: full-time → part-time");
    expect(contractDetails).toHaveTextContent(/Hourly cost: 30,00\s€ → 35,00\s€/);
    expect(contractDetails).not.toHaveTextContent("From");

    await user.click(within(rows[1]!).getByRole("button", { name: /Details of “Role updated”/ }));
    expect(screen.getAllByTestId("audit-changes")[1]).toHaveTextContent(
      "Permissions: Projects: Read → Projects: Read, Edit",
    );
  });

  it("loads the next page with the cursor the first one gave", async () => {
    const fetch = stubSignedInApi(buildUser(), {
      [auditPath]: (request) =>
        jsonResponse(
          request.url.searchParams.get("cursor") === "abc1" ? page([failedSignIn]) : page([contractChanged], "abc1"),
        ),
      "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
    });
    const { user } = renderApp({ route: "/organization/org-1/audit" });

    await user.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(2));
    expect(screen.getAllByTestId("audit-row")[1]).toHaveTextContent("Sign-in failed: wrong password");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    const asked = fetch.requestsTo("GET", "/api/v1/organization/org-1/audit").map((r) => r.url.searchParams);
    expect(asked.at(-1)?.get("cursor")).toBe("abc1");
    expect(asked[0]?.get("start_date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("says so when nothing was recorded", async () => {
    stubSignedInApi(buildUser(), {
      [auditPath]: () => jsonResponse(page([])),
      "GET /api/v1/organization/org-1/user": () => jsonResponse([]),
    });
    renderApp({ route: "/organization/org-1/audit" });
    expect(await screen.findByText("No events")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it("tells someone without edit on organization why nothing comes, and asks nothing", async () => {
    const fetch = stubSignedInApi(buildUser({ role: buildRole("manager") }));
    renderApp({ route: "/organization/org-1/audit" });
    expect(
      await screen.findByText("You need the right to edit the organization to read its audit log."),
    ).toBeInTheDocument();
    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/audit")).toHaveLength(0);
  });
});
