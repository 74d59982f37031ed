import { screen, waitFor, within } from "@testing-library/react";
import { type Overhead, todayIn, type User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../lib/format";
import { buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

const overheads: Overhead[] = [
  { uid: "overhead-2", amount: 1500.5, from_date: "2026-01-01", to_date: null },
  { uid: "overhead-1", amount: 1200, from_date: "2025-01-01", to_date: "2025-12-31" },
];

function overheadsServer({
  me = buildUser(),
  list = overheads,
  routes = {},
}: {
  me?: User;
  list?: Overhead[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/overheads": () => jsonResponse(list),
    ...routes,
  });
}

const route = "/organization/org-1/overheads";

/** Non-breaking spaces of the Italian currency format, as plain spaces for matching. */
const text = (element: Element) => element.textContent?.replace(/\s/g, " ");

describe("overheads page", () => {
  it("lists from, to (a dash when open) and the amount in euro, with a way back to the users", async () => {
    overheadsServer();
    renderApp({ route });
    const table = await screen.findByRole("table");
    const [first, second] = within(table).getAllByRole("row").slice(1);
    expect(within(first!).getAllByRole("cell").map(text).slice(0, 3)).toEqual(["01/01/2026", "—", "1.500,50 €"]);
    expect(within(second!).getAllByRole("cell").map(text).slice(0, 3)).toEqual([
      "01/01/2025",
      "31/12/2025",
      "1.200,00 €",
    ]);
    expect(screen.getByRole("link", { name: "Back to users" })).toHaveAttribute("href", "/organization/org-1/users");
  });

  it("adds an overhead starting today, with two decimals and no end", async () => {
    const fetch = overheadsServer({
      routes: {
        "POST /api/v1/organization/org-1/overheads": ({ body }) =>
          jsonResponse({ uid: "overhead-3", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Add overhead" }));
    const dialog = await screen.findByRole("dialog", { name: "New overhead" });
    const today = formatDate(todayIn());
    const from = within(dialog).getByRole("textbox", { name: /From/ });
    const to = within(dialog).getByRole("textbox", { name: /To/ });
    expect(from).toHaveValue(today);
    // The end starts empty (the field's hint: no end), so saving without touching it keeps the overhead open.
    expect(to).toHaveValue("");

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Amount is required")).toBeInTheDocument();

    const amount = within(dialog).getByRole("textbox", { name: /Amount/ });
    await user.type(amount, "-250,456");
    expect(amount).toHaveValue("250,45");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Overhead created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/overheads")[0]?.body).toEqual({
      amount: 250.45,
      from_date: todayIn(),
      to_date: null,
    });
  });

  it("moves an end date before the new start up to the start, and edits the overhead", async () => {
    const fetch = overheadsServer({
      routes: {
        "PATCH /api/v1/organization/org-1/overheads/overhead-1": ({ body }) =>
          jsonResponse({ uid: "overhead-1", ...(body as object) }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Edit the overhead from 01/01/2025" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit overhead" });
    const from = within(dialog).getByRole("textbox", { name: /From/ });
    const to = within(dialog).getByRole("textbox", { name: /To/ });
    expect(to).toHaveValue("31/12/2025");

    await user.clear(from);
    await user.type(from, "15/03/2026");
    await waitFor(() => expect(to).toHaveValue("15/03/2026"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Overhead updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/overheads/overhead-1")[0]?.body).toEqual({
      amount: 1200,
      from_date: "2026-03-15",
      to_date: "2026-03-15",
    });
  });

  it("deletes an overhead after confirmation", async () => {
    const fetch = overheadsServer({
      routes: {
        "DELETE /api/v1/organization/org-1/overheads/overhead-2": () => new Response(null, { status: 204 }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delete the overhead from 01/01/2026" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete overhead?" });
    expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/overheads/overhead-2")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText("Overhead deleted")).toBeInTheDocument();
    expect(fetch.requestsTo("DELETE", "/api/v1/organization/org-1/overheads/overhead-2")).toHaveLength(1);
  });

  it("shows the server's refusal in an error toast", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      overheadsServer({
        routes: {
          "DELETE /api/v1/organization/org-1/overheads/overhead-2": () =>
            errorResponse(403, "FORBIDDEN", "You need the right to edit user"),
        },
      });
      const { user } = renderApp({ route });
      await user.click(await screen.findByRole("button", { name: "Delete the overhead from 01/01/2026" }));
      await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
      expect(await screen.findByText("You need the right to edit user")).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });

  it("hides adding, editing and deleting from a role that cannot edit users", async () => {
    overheadsServer({ me: buildUser({ role: buildRole("manager") }) });
    renderApp({ route });
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Add overhead" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Edit the overhead/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete the overhead/ })).not.toBeInTheDocument();
  });

  it("says so when there are no overheads, in Italian", async () => {
    overheadsServer({ me: buildUser({ language: "it" }), list: [] });
    renderApp({ route });
    expect(await screen.findByText("Ancora nessun costo generale")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Aggiungi costo" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna agli utenti" })).toBeInTheDocument();
  });
});
