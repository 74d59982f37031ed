import { customerSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { customers } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser, insertProject } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createCustomersRepository, isCustomerInUseError } from "./customers.repository.js";

const t = useTestApp();

const listCustomers = (orgId: string, token?: string) =>
  request(t.app, { method: "GET", url: `/api/v1/organization/${orgId}/customer`, ...(token ? { token } : {}) });

const createCustomer = (orgId: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/customer`,
    json,
    ...(token ? { token } : {}),
  });

const updateCustomer = (orgId: string, id: string, json: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}/customer/${id}`,
    json,
    ...(token ? { token } : {}),
  });

const deleteCustomer = (orgId: string, id: string, slug: string | undefined, token?: string) =>
  request(t.app, {
    method: "DELETE",
    url: `/api/v1/organization/${orgId}/customer/${id}`,
    ...(slug === undefined ? {} : { query: { slug } }),
    ...(token ? { token } : {}),
  });

/** An organization with one customer, made through the API by its Admin. */
async function organizationWithCustomer(nominative = "Acme Srl") {
  const built = await buildOrganization(t);
  const response = await createCustomer(built.organization.uid, { nominative }, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`customer not created: ${response.body}`);
  return { ...built, customer: customerSchema.parse(response.json()) };
}

const customerRow = async (id: string) => (await t.db.select().from(customers).where(eq(customers.id, id)))[0];

describe("GET /organization/{orgId}/customer", () => {
  test("lists the organization's customers by name, ignoring case, to a Manager", async () => {
    const { owner, organization } = await buildOrganization(t);
    for (const nominative of ["beta Spa", "Alpha Srl", "Charlie & Co"]) {
      await createCustomer(organization.uid, { nominative }, owner.token);
    }
    const other = await organizationWithCustomer("Aardvark Ltd");
    const manager = await addMember(t, organization.uid, "manager");

    const response = await listCustomers(organization.uid, manager.token);
    expect(response.statusCode).toBe(200);
    const list = customerSchema.array().parse(response.json());
    expect(list.map((c) => c.nominative)).toEqual(["Alpha Srl", "beta Spa", "Charlie & Co"]);
    expect(response.body).not.toContain(other.customer.uid);
  });

  test("answers an empty list for an organization without customers", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await listCustomers(organization.uid, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  test("refuses a Member, who lacks read on organization", async () => {
    const { organization } = await organizationWithCustomer();
    const member = await addMember(t, organization.uid, "member");
    const response = await listCustomers(organization.uid, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "FORBIDDEN",
      ErrorMessage: "You need the right to read organization",
    });
  });

  test("answers 404 to a user of another organization and to a user without one", async () => {
    const { organization, customer } = await organizationWithCustomer();
    const { owner: stranger } = await buildOrganization(t);
    const loner = await buildUser(t);
    const foreign = await listCustomers(organization.uid, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(customer.nominative);
    expect((await listCustomers(organization.uid, loner.token)).statusCode).toBe(404);
  });

  test("refuses an organization id that is not an id with a 400 naming params.orgId", async () => {
    const { owner } = await buildOrganization(t);
    const response = await listCustomers("acme", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
  });

  test("refuses a request without a session", async () => {
    const { organization } = await buildOrganization(t);
    expect((await listCustomers(organization.uid)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/customer", () => {
  test("adds a customer, trimmed, with the e-mail lower-cased and blanks stored as null", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await createCustomer(
      organization.uid,
      {
        nominative: "  Caffè Nero S.r.l. ",
        email: " Info@CaffeNero.IT ",
        fiscal_code: " ",
        vat_number: "IT01234567890",
        external_id: "crm-42",
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const customer = customerSchema.parse(response.json());
    expect(customer).toEqual({
      uid: expect.any(String),
      nominative: "Caffè Nero S.r.l.",
      email: "info@caffenero.it",
      fiscal_code: null,
      vat_number: "IT01234567890",
      external_id: "crm-42",
    });
    expect(await customerRow(customer.uid)).toMatchObject({
      organizationId: organization.uid,
      nominative: "Caffè Nero S.r.l.",
      fiscalCode: null,
    });
    expect((await listCustomers(organization.uid, owner.token)).json()).toEqual([customer]);
  });

  test("lets a Manager add one, as the project form does, with create on project but no edit on organization", async () => {
    const { organization } = await buildOrganization(t);
    const manager = await addMember(t, organization.uid, "manager");
    const response = await createCustomer(organization.uid, { nominative: "From a project" }, manager.token);
    expect(response.statusCode).toBe(201);
  });

  test("lets a role with edit on organization but no create on project add one", async () => {
    const { organization } = await buildOrganization(t);
    const actor = await addMemberLacking(t, organization.uid, [{ action: "create", subject: "project" }]);
    const response = await createCustomer(organization.uid, { nominative: "From the organization" }, actor.token);
    expect(response.statusCode).toBe(201);
  });

  test.each([
    [{}, "body.nominative"],
    [{ nominative: "A" }, "body.nominative"],
    [{ nominative: "   " }, "body.nominative"],
    [{ nominative: "n".repeat(201) }, "body.nominative"],
    [{ nominative: "Acme", email: "not-an-email" }, "body.email"],
    [{ nominative: "Acme", vat_number: "v".repeat(33) }, "body.vat_number"],
    [{ nominative: "Acme", fiscalCode: "RSSMRA80A01H501U" }, "body.fiscalCode"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createCustomer(organization.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member and a role lacking both edit on organization and create on project, writing nothing", async () => {
    const { organization } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [
      { action: "edit", subject: "organization" },
      { action: "create", subject: "project" },
    ]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await createCustomer(organization.uid, { nominative: "Not mine" }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: "FORBIDDEN",
        ErrorMessage: "You need the right to edit organization or create project",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 to a user of another organization and writes nothing", async () => {
    const { organization } = await buildOrganization(t);
    const { owner: stranger } = await buildOrganization(t);
    const before = await snapshot(t.db);
    const response = await createCustomer(organization.uid, { nominative: "Planted" }, stranger.token);
    expect(response.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/customer/{id}", () => {
  test("replaces every field, clearing the ones sent empty", async () => {
    const { owner, organization } = await buildOrganization(t);
    const created = await createCustomer(
      organization.uid,
      { nominative: "Acme", email: "a@acme.it", fiscal_code: "FC1", vat_number: "VAT1", external_id: "X1" },
      owner.token,
    );
    const { uid } = customerSchema.parse(created.json());
    const response = await updateCustomer(
      organization.uid,
      uid,
      { nominative: "Acme Group", email: "", vat_number: "VAT2" },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      uid,
      nominative: "Acme Group",
      email: null,
      fiscal_code: null,
      vat_number: "VAT2",
      external_id: null,
    });
    expect(await customerRow(uid)).toMatchObject({ nominative: "Acme Group", email: null, vatNumber: "VAT2" });
  });

  test("lets a Manager, with edit on project, change a customer", async () => {
    const { organization, customer } = await organizationWithCustomer();
    const manager = await addMember(t, organization.uid, "manager");
    const response = await updateCustomer(organization.uid, customer.uid, { nominative: "Renamed" }, manager.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ nominative: "Renamed" });
  });

  test.each([
    [{}, "body.nominative"],
    [{ nominative: "B" }, "body.nominative"],
    [{ nominative: "Acme", email: "acme.it" }, "body.email"],
    [{ nominative: "Acme", uid: "someone-else" }, "body.uid"],
  ])("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, organization, customer } = await organizationWithCustomer();
    const before = await snapshot(t.db);
    const response = await updateCustomer(organization.uid, customer.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a customer id that is not an id with a 400 naming params.id", async () => {
    const { owner, organization } = await buildOrganization(t);
    const response = await updateCustomer(organization.uid, "42", { nominative: "Acme" }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
  });

  test("refuses a role lacking both edit on organization and edit on project, changing nothing", async () => {
    const { organization, customer } = await organizationWithCustomer();
    const lacking = await addMemberLacking(t, organization.uid, [
      { action: "edit", subject: "organization" },
      { action: "edit", subject: "project" },
    ]);
    const before = await snapshot(t.db);
    const response = await updateCustomer(organization.uid, customer.uid, { nominative: "Mine" }, lacking.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to edit organization or edit project");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's customer, through either organization's path, changing nothing", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithCustomer("Their customer");
    const before = await snapshot(t.db);
    const viaOwn = await updateCustomer(organization.uid, other.customer.uid, { nominative: "Taken" }, owner.token);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Customer not found" });
    const viaTheirs = await updateCustomer(
      other.organization.uid,
      other.customer.uid,
      { nominative: "Taken" },
      owner.token,
    );
    expect(viaTheirs.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/customer/{id}", () => {
  test("deletes a customer confirmed with the English slug", async () => {
    const { owner, organization, customer } = await organizationWithCustomer("Rossi & Figli S.r.l.");
    const response = await deleteCustomer(organization.uid, customer.uid, "delete-rossi-figli-srl", owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await customerRow(customer.uid)).toBeUndefined();
  });

  test("accepts the slug of the Italian delete button", async () => {
    const { owner, organization, customer } = await organizationWithCustomer("Caffè Nero");
    const response = await deleteCustomer(organization.uid, customer.uid, "elimina-caffe-nero", owner.token);
    expect(response.statusCode).toBe(204);
    expect(await customerRow(customer.uid)).toBeUndefined();
  });

  test("lets a Manager, with delete on project, delete a customer", async () => {
    const { organization, customer } = await organizationWithCustomer("Acme");
    const manager = await addMember(t, organization.uid, "manager");
    expect((await deleteCustomer(organization.uid, customer.uid, "delete-acme", manager.token)).statusCode).toBe(204);
  });

  test.each([
    ["a slug of another name", "delete-acme"],
    ["the name alone", "caffe-nero"],
    ["an empty slug", ""],
  ])("refuses %s with a 400 naming query.slug and keeps the customer", async (_label, slug) => {
    const { owner, organization, customer } = await organizationWithCustomer("Caffè Nero");
    const before = await snapshot(t.db);
    const response = await deleteCustomer(organization.uid, customer.uid, slug, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      ErrorMessage: 'To delete this customer, confirm with "delete-caffe-nero"',
      details: [{ field: "query.slug", message: 'To delete this customer, confirm with "delete-caffe-nero"' }],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a delete without a slug with a 400 naming query.slug", async () => {
    const { owner, organization, customer } = await organizationWithCustomer();
    const before = await snapshot(t.db);
    const response = await deleteCustomer(organization.uid, customer.uid, undefined, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "query.slug", message: "Type the confirmation slug to delete the customer" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses to delete a customer of projects with a 409 counting them", async () => {
    const { owner, organization, customer } = await organizationWithCustomer("Acme");
    await insertProject(t, organization.uid, { customerId: customer.uid, title: "Website" });
    await insertProject(t, organization.uid, { customerId: customer.uid, title: "App" });
    await insertProject(t, organization.uid, { title: "Internal" });
    const before = await snapshot(t.db);
    const response = await deleteCustomer(organization.uid, customer.uid, "delete-acme", owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "This customer has projects: 2 projects refer to it",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("says so in the singular for a customer of one project", async () => {
    const { owner, organization, customer } = await organizationWithCustomer("Acme");
    await insertProject(t, organization.uid, { customerId: customer.uid });
    const response = await deleteCustomer(organization.uid, customer.uid, "delete-acme", owner.token);
    expect(response.json().ErrorMessage).toBe("This customer has projects: 1 project refers to it");
  });

  test("refuses a Member and a role lacking both edit on organization and delete on project, keeping the customer", async () => {
    const { organization, customer } = await organizationWithCustomer("Acme");
    const member = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [
      { action: "edit", subject: "organization" },
      { action: "delete", subject: "project" },
    ]);
    const before = await snapshot(t.db);
    for (const actor of [member, lacking]) {
      const response = await deleteCustomer(organization.uid, customer.uid, "delete-acme", actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to edit organization or delete project");
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's customer and keeps it", async () => {
    const { owner, organization } = await buildOrganization(t);
    const other = await organizationWithCustomer("Acme");
    const before = await snapshot(t.db);
    expect((await deleteCustomer(organization.uid, other.customer.uid, "delete-acme", owner.token)).statusCode).toBe(
      404,
    );
    expect(
      (await deleteCustomer(other.organization.uid, other.customer.uid, "delete-acme", owner.token)).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a customer already deleted", async () => {
    const { owner, organization, customer } = await organizationWithCustomer("Acme");
    expect((await deleteCustomer(organization.uid, customer.uid, "delete-acme", owner.token)).statusCode).toBe(204);
    expect((await deleteCustomer(organization.uid, customer.uid, "delete-acme", owner.token)).statusCode).toBe(404);
  });
});

describe("customers repository", () => {
  test("recognizes the foreign key's refusal when a project was saved after the count", async () => {
    const { organization, customer } = await organizationWithCustomer();
    await insertProject(t, organization.uid, { customerId: customer.uid });
    const repository = createCustomersRepository(t.db);
    const failure = await repository.delete(organization.uid, customer.uid).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isCustomerInUseError(failure)).toBe(true);
    expect(isCustomerInUseError(new Error("unrelated"))).toBe(false);
    expect(await customerRow(customer.uid)).toBeDefined();
  });
});

describe("API documentation", () => {
  test("documents the four routes with their parameters, bodies and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/customer"];
    const one = document.paths["/api/v1/organization/{orgId}/customer/{id}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.get.responses["200"].content["application/json"].schema.type).toBe("array");
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["id", "orgId"]);
    const remove = one.delete;
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(["204", "404"]));
    expect(remove.parameters).toContainEqual(expect.objectContaining({ in: "query", name: "slug", required: true }));
  });
});
