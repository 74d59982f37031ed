import { screen, waitFor, within } from "@testing-library/react";
import type { Customer, Role, User } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildRole, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, type StubHandler } from "../../../testing/fetch-stub";
import { renderApp } from "../../../testing/render";
import { stubSignedInApi } from "../../../testing/signed-in-api";

function buildCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    uid: "customer-1",
    nominative: "Caffè Nero S.r.l.",
    email: "info@caffenero.it",
    fiscal_code: null,
    vat_number: "IT01234567890",
    external_id: null,
    ...overrides,
  };
}

const customers = [
  buildCustomer(),
  buildCustomer({ uid: "customer-2", nominative: "Acme Corp", email: "billing@acme.com" }),
  buildCustomer({ uid: "customer-3", nominative: "Bottega Verde", email: null }),
];

function customersServer({
  me = buildUser(),
  list = customers,
  routes = {},
}: {
  me?: User;
  list?: Customer[];
  routes?: Record<string, StubHandler>;
} = {}) {
  return stubSignedInApi(me, {
    "GET /api/v1/organization/org-1/customer": () => jsonResponse(list),
    ...routes,
  });
}

const route = "/organization/org-1/customers";

/** The customer names in the table, top to bottom. */
function names(): string[] {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(2)
    .map((row) => within(row).getAllByRole("cell")[0]?.textContent ?? "");
}

const silenceErrors = () => {
  const original = console.error;
  console.error = () => {};
  return () => {
    console.error = original;
  };
};

describe("customers page", () => {
  it("sorts by a column ascending, then descending, then back to the server's order", async () => {
    customersServer();
    const { user } = renderApp({ route });
    await screen.findByText("Acme Corp");
    expect(names()).toEqual(["Caffè Nero S.r.l.", "Acme Corp", "Bottega Verde"]);

    const header = screen.getByRole("button", { name: "Name" });
    await user.click(header);
    expect(names()).toEqual(["Acme Corp", "Bottega Verde", "Caffè Nero S.r.l."]);
    await user.click(header);
    expect(names()).toEqual(["Caffè Nero S.r.l.", "Bottega Verde", "Acme Corp"]);
    await user.click(header);
    expect(names()).toEqual(["Caffè Nero S.r.l.", "Acme Corp", "Bottega Verde"]);

    // Blanks stay last whichever way the column is sorted.
    await user.click(screen.getByRole("button", { name: "Email" }));
    expect(names()).toEqual(["Acme Corp", "Caffè Nero S.r.l.", "Bottega Verde"]);
    await user.click(screen.getByRole("button", { name: "Email" }));
    expect(names()).toEqual(["Caffè Nero S.r.l.", "Acme Corp", "Bottega Verde"]);
  });

  it("filters each column by text, ignoring case and accents, and clears the filters", async () => {
    customersServer();
    const { user } = renderApp({ route });
    await screen.findByText("Acme Corp");

    await user.type(screen.getByRole("textbox", { name: "Filter by Name" }), "CAFFE");
    await waitFor(() => expect(names()).toEqual(["Caffè Nero S.r.l."]));

    await user.clear(screen.getByRole("textbox", { name: "Filter by Name" }));
    await user.type(screen.getByRole("textbox", { name: "Filter by Email" }), "acme");
    await waitFor(() => expect(names()).toEqual(["Acme Corp"]));

    await user.type(screen.getByRole("textbox", { name: "Filter by Email" }), "zzz");
    expect(await screen.findByText("No customer matches the filters.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(names()).toHaveLength(3));
  });

  it("validates the new-customer modal with the domain schema, then creates the customer", async () => {
    const fetch = customersServer({
      routes: {
        "POST /api/v1/organization/org-1/customer": ({ body }) =>
          jsonResponse({ uid: "customer-9", ...(body as object) }, 201),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "New customer" }));
    const dialog = await screen.findByRole("dialog", { name: "New customer" });

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name is required")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "X");
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Name needs at least 2 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Email address is not valid")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/customer")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "ylo Srl");
    await user.clear(within(dialog).getByRole("textbox", { name: "Email" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Email" }), "Info@Xylo.IT");
    await user.type(within(dialog).getByRole("textbox", { name: "VAT number" }), "IT999");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Customer created")).toBeInTheDocument();
    expect(fetch.requestsTo("POST", "/api/v1/organization/org-1/customer")[0]?.body).toEqual({
      nominative: "Xylo Srl",
      email: "info@xylo.it",
      fiscal_code: null,
      vat_number: "IT999",
      external_id: null,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The list is asked again after the change.
    expect(fetch.requestsTo("GET", "/api/v1/organization/org-1/customer").length).toBeGreaterThan(1);
  });

  it("shows the validation messages in Italian", async () => {
    customersServer({ me: buildUser({ language: "it" }) });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Nuovo cliente" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuovo cliente" });
    await user.type(within(dialog).getByRole("textbox", { name: "Codice fiscale" }), "X".repeat(33));
    await user.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(within(dialog).getByText("Il nome è obbligatorio")).toBeInTheDocument();
    expect(within(dialog).getByText("Al massimo 32 caratteri")).toBeInTheDocument();
  });

  it("opens a customer by its name and saves the changes", async () => {
    const fetch = customersServer({
      routes: {
        "PATCH /api/v1/organization/org-1/customer/customer-2": ({ body }) =>
          jsonResponse({ uid: "customer-2", ...(body as object) }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Acme Corp" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit customer" });
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(name).toHaveValue("Acme Corp");
    await user.clear(name);
    await user.type(name, "Acme Corporation");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Customer updated")).toBeInTheDocument();
    expect(fetch.requestsTo("PATCH", "/api/v1/organization/org-1/customer/customer-2")[0]?.body).toMatchObject({
      nominative: "Acme Corporation",
      email: "billing@acme.com",
      vat_number: "IT01234567890",
    });
  });

  it("deletes only once the slug is typed, sending it as ?slug=", async () => {
    const fetch = customersServer({
      routes: {
        "DELETE /api/v1/organization/org-1/customer/customer-1": () => new Response(null, { status: 204 }),
      },
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole("button", { name: "Delete Caffè Nero S.r.l." }));
    const dialog = await screen.findByRole("dialog", { name: "Delete customer" });
    expect(within(dialog).getByText(/Caffè Nero S.r.l. will be deleted for good/)).toBeInTheDocument();
    expect(within(dialog).getByText("delete-caffe-nero-srl")).toBeInTheDocument();

    const confirm = within(dialog).getByRole("button", { name: "Delete" });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByRole("textbox", { name: "Confirmation text" });
    await user.type(input, "delete-caffe-nero");
    expect(confirm).toBeDisabled();
    await user.type(input, "-srl");
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText("Customer deleted")).toBeInTheDocument();
    const [request] = fetch.requestsTo("DELETE", "/api/v1/organization/org-1/customer/customer-1");
    expect(request?.url.searchParams.get("slug")).toBe("delete-caffe-nero-srl");
  });

  it("asks for the Italian slug from the edit modal and shows the server's refusal", async () => {
    const restore = silenceErrors();
    try {
      const fetch = customersServer({
        me: buildUser({ language: "it" }),
        routes: {
          "DELETE /api/v1/organization/org-1/customer/customer-1": () =>
            errorResponse(409, "CONFLICT", "This customer has 2 projects"),
        },
      });
      const { user } = renderApp({ route });
      await user.click(await screen.findByRole("button", { name: "Caffè Nero S.r.l." }));
      const edit = await screen.findByRole("dialog", { name: "Modifica cliente" });
      await user.click(within(edit).getByRole("button", { name: "Elimina cliente" }));

      const dialog = await screen.findByRole("dialog", { name: "Elimina cliente" });
      await user.type(within(dialog).getByRole("textbox", { name: "Testo di conferma" }), "elimina-caffe-nero-srl");
      await user.click(within(dialog).getByRole("button", { name: "Elimina" }));

      expect(await screen.findByText("This customer has 2 projects")).toBeInTheDocument();
      const [request] = fetch.requestsTo("DELETE", "/api/v1/organization/org-1/customer/customer-1");
      expect(request?.url.searchParams.get("slug")).toBe("elimina-caffe-nero-srl");
      expect(screen.getByRole("dialog", { name: "Elimina cliente" })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it("shows the customers read-only to a role that cannot write them", async () => {
    const reader: Role = { uid: "role-reader", name: "Reader", acls: [{ subject: "organization", actions: ["read"] }] };
    customersServer({ me: buildUser({ role: reader }) });
    const { user } = renderApp({ route });
    await screen.findByText("Acme Corp");
    expect(screen.queryByRole("button", { name: "New customer" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Delete / })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Acme Corp" }));
    const dialog = await screen.findByRole("dialog", { name: "Customer" });
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveAttribute("readonly");
    expect(within(dialog).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete customer" })).not.toBeInTheDocument();
  });

  it("invites to add the first customer when there are none", async () => {
    customersServer({ me: buildUser({ role: buildRole("manager") }), list: [] });
    const { user } = renderApp({ route });
    expect(await screen.findByText("No customers yet")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New customer" }));
    expect(await screen.findByRole("dialog", { name: "New customer" })).toBeInTheDocument();
  });
});
