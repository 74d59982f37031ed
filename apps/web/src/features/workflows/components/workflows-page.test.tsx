import { screen, within } from "@testing-library/react";
import type { User, WorkflowStatus } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const statuses: WorkflowStatus[] = [
  { uid: "wf-open", key: "open", name: "Open", editable: false, selected_by_default: true },
  { uid: "wf-invoice", key: "to_be_invoiced", name: "To be invoiced", editable: false, selected_by_default: false },
  { uid: "wf-done", key: "completed", name: "Completed", editable: false, selected_by_default: false },
  { uid: "wf-review", key: "in_review", name: "In review", editable: true, selected_by_default: false },
];

function workflowsServer({ me = buildUser(), routes = {} }: { me?: User; routes?: Record<string, StubHandler> } = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/projects-workflows": () => jsonResponse(statuses),
    ...routes,
  });
}

const route = "/organization/org-1/workflows";

function rowOf(name: string): HTMLElement {
  return screen.getByText(name).closest("tr")!;
}

describe("workflows page", () => {
  it("shows the built-in statuses by key in the reader's language, sorted by name, without edit or delete", async () => {
    workflowsServer({ me: buildUser({ language: "it" }) });
    renderApp({ route });
    const table = await screen.findByRole("table");
    const names = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[0]?.querySelector("p")?.textContent);
    expect(names).toEqual(["Aperto", "Completato", "Da fatturare", "In review"]);

    for (const name of ["Aperto", "Completato", "Da fatturare"]) {
      expect(within(rowOf(name)).getByText("Di sistema")).toBeInTheDocument();
      expect(within(rowOf(name)).queryByRole("button")).not.toBeInTheDocument();
    }
    expect(within(rowOf("Aperto")).getByText("Iniziale")).toBeInTheDocument();
    expect(within(rowOf("In review")).queryByText("Di sistema")).not.toBeInTheDocument();
    expect(within(rowOf("In review")).getByRole("button", { name: "Modifica In review" })).toBeInTheDocument();
    expect(within(rowOf("In review")).getByRole("button", { name: "Elimina In review" })).toBeInTheDocument();
  });

  it("needs a name of at least 2 characters, then creates the status", async () => {
    const fetch = workflowsServer({
      routes: {
        "POST /api/v1/organization/org-1/projects-workflows": () =>
          jsonResponse({ uid: "wf-new", key: "qa", name: "QA", editable: true, selected_by_default: false }, 201),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Add status" }));
    const dialog = await screen.findByRole("dialog", { name: "New status" });
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    await user.type(name, " Q");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required and needs at least 2 characters")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/projects-workflows")).toHaveLength(0);

    await user.type(name, "A");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Status created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/projects-workflows")[0]?.body).toEqual({ name: "QA" });
  });

  it("renames an editable status", async () => {
    const fetch = workflowsServer({
      routes: {
        "PATCH /api/v1/organization/org-1/projects-workflows/wf-review": ({ body }) =>
          jsonResponse({ ...statuses[3], ...(body as object) }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Edit In review" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit status" });
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(name).toHaveValue("In review");
    await user.clear(name);
    await user.type(name, "Peer review");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Status updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/projects-workflows/wf-review")[0]?.body).toEqual({
      name: "Peer review",
    });
  });

  it("deletes after confirmation and shows the server's 409 in the error toast", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const fetch = workflowsServer({
        routes: {
          "DELETE /api/v1/organization/org-1/projects-workflows/wf-review": () =>
            errorResponse(409, "CONFLICT", "This status is used by 2 projects"),
        },
      });
      const { user } = renderApp({ route });
      await user.click(await screen.findByRole("button", { name: "Delete In review" }));
      const dialog = await screen.findByRole("dialog", { name: "Delete status?" });
      expect(within(dialog).getByText("The status In review will be deleted.")).toBeInTheDocument();
      expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/projects-workflows/wf-review")).toHaveLength(0);
      await user.click(within(dialog).getByRole("button", { name: "Delete" }));
      expect(await screen.findByText("This status is used by 2 projects")).toBeInTheDocument();
      expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/projects-workflows/wf-review")).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });

  it("deletes a status and says so", async () => {
    workflowsServer({
      routes: {
        "DELETE /api/v1/organization/org-1/projects-workflows/wf-review": () => new Response(null, { status: 204 }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delete In review" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Status deleted")).toBeInTheDocument();
  });

  it("shows the list without add, edit or delete to a role that only reads projects", async () => {
    workflowsServer({ me: buildUser({ role: buildRole("member") }) });
    renderApp({ route });
    await screen.findByRole("table");
    expect(screen.getByText("In review")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add status" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
  });
});
