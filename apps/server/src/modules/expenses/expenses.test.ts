import { type Expense, expenseSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { expenses } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  buildUser,
  insertProjectWithTeam,
  organizationWithProject,
} from "../../test/factories.js";
import { resourceCalls } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createExpensesRepository } from "./expenses.repository.js";

const t = useTestApp();

const {
  list: listExpenses,
  create: createExpense,
  update: updateExpense,
  remove: deleteExpense,
} = resourceCalls(
  t,
  (orgId: string, projectId: string) => `/api/v1/organization/${orgId}/project/${projectId}/expense`,
);

/** An organization with a project that has one expense added through the API. */
async function projectWithExpense(json: Record<string, unknown> = { title: "Stock photos", amount: 120 }) {
  const built = await organizationWithProject(t);
  const response = await createExpense(built.orgId, built.project.id, json, built.owner.token);
  if (response.statusCode !== 201) throw new Error(`expense not created: ${response.body}`);
  return { ...built, expense: expenseSchema.parse(response.json()) };
}

/** The constraint a database error names, however the driver wrapped it. */
function constraintOf(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}

const expenseRow = async (id: string) => (await t.db.select().from(expenses).where(eq(expenses.id, id)))[0];

const invalidBodies: Array<[unknown, string]> = [
  [{ amount: 10 }, "body.title"],
  [{ title: "  ", amount: 10 }, "body.title"],
  [{ title: "t".repeat(201), amount: 10 }, "body.title"],
  [{ title: "Hosting" }, "body.amount"],
  [{ title: "Hosting", amount: "10" }, "body.amount"],
  [{ title: "Hosting", amount: -1 }, "body.amount"],
  [{ title: "Hosting", amount: 10.005 }, "body.amount"],
  [{ title: "Hosting", amount: 10, is_final_balance: "yes" }, "body.is_final_balance"],
  [{ title: "Hosting", amount: 10, transacation_date: "2026-02-30" }, "body.transacation_date"],
  [{ title: "Hosting", amount: 10, transacation_date: "30/01/2026" }, "body.transacation_date"],
  [{ title: "Hosting", amount: 10, transaction_date: "2026-01-30" }, "body.transaction_date"],
];

describe("GET /organization/{orgId}/project/{id}/expense", () => {
  test("lists the project's expenses newest first, the amount under estimated or confirmed by type, to a Member", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const estimate = await createExpense(orgId, project.id, { title: "Estimate", amount: 100.5 }, owner.token);
    const final = await createExpense(
      orgId,
      project.id,
      { title: "Invoice", amount: 99.99, is_final_balance: true, is_billable: true, transacation_date: "2026-03-01" },
      owner.token,
    );
    const elsewhere = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await createExpense(orgId, elsewhere.id, { title: "Elsewhere", amount: 1 }, owner.token);
    const member = await addMember(t, orgId, "member");

    const response = await listExpenses(orgId, project.id, member.token);
    expect(response.statusCode).toBe(200);
    const list = expenseSchema.array().parse(response.json());
    expect(list).toEqual([final.json(), estimate.json()]);
    expect(list[0]).toMatchObject({ amount: 99.99, estimated_amount: null, confirmed_amount: 99.99 });
    expect(list[1]).toMatchObject({ amount: 100.5, estimated_amount: 100.5, confirmed_amount: null });
    expect(response.body).not.toContain(other.json().uid);
  });

  test("lets a manager without read on project see their own project's expenses, and hides others' projects", async () => {
    const { owner, orgId, project, expense } = await projectWithExpense();
    const outsider = await addMemberLacking(t, orgId, [{ action: "read", subject: "project" }]);
    const hidden = await listExpenses(orgId, project.id, outsider.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Project not found" });
    expect(hidden.body).not.toContain(expense.uid);

    const own = await insertProjectWithTeam(t, orgId, { managerId: outsider.id });
    await createExpense(orgId, own.id, { title: "Mine", amount: 5 }, owner.token);
    const response = await listExpenses(orgId, own.id, outsider.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((e: Expense) => e.title)).toEqual(["Mine"]);
  });

  test("answers 404 for another organization's project, through either organization's path", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await projectWithExpense();
    const viaOwn = await listExpenses(orgId, other.project.id, owner.token);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json().ErrorMessage).toBe("Project not found");
    const viaTheirs = await listExpenses(other.orgId, other.project.id, owner.token);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain(other.expense.uid);
    expect((await listExpenses(orgId, other.project.id, (await buildUser(t)).token)).statusCode).toBe(404);
  });

  test("refuses ids that are not ids with a 400 naming the parameter, and a request without a session", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const badProject = await listExpenses(orgId, "website", owner.token);
    expect(badProject.statusCode).toBe(400);
    expect(badProject.json().details).toContainEqual(expect.objectContaining({ field: "params.id" }));
    const badOrganization = await listExpenses("acme", project.id, owner.token);
    expect(badOrganization.json().details).toContainEqual(expect.objectContaining({ field: "params.orgId" }));
    expect((await listExpenses(orgId, project.id)).statusCode).toBe(401);
  });
});

describe("POST /organization/{orgId}/project/{id}/expense", () => {
  test("adds a final-balance expense, trimmed, with blanks stored as null", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createExpense(
      orgId,
      project.id,
      {
        title: "  Printing ",
        amount: 1234.56,
        is_final_balance: true,
        is_billable: true,
        supplier: " Tipografia Rossi ",
        description: "",
        approver: "Anna",
        transacation_date: "2026-02-28",
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const expense = expenseSchema.parse(response.json());
    expect(expense).toEqual({
      uid: expect.any(String),
      organization_id: orgId,
      project_id: project.id,
      title: "Printing",
      amount: 1234.56,
      estimated_amount: null,
      confirmed_amount: 1234.56,
      is_final_balance: true,
      is_billable: true,
      supplier: "Tipografia Rossi",
      description: null,
      approver: "Anna",
      transacation_date: "2026-02-28",
    });
    expect(await expenseRow(expense.uid)).toMatchObject({ amount: 1234.56, transactionDate: "2026-02-28" });
  });

  test("adds an estimate, by default, and never as billable even when asked", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const response = await createExpense(
      orgId,
      project.id,
      { title: "Guess", amount: 80, is_billable: true },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      is_final_balance: false,
      is_billable: false,
      estimated_amount: 80,
      confirmed_amount: null,
      supplier: null,
      transacation_date: null,
    });
    expect(await expenseRow(response.json().uid)).toMatchObject({ isFinalBalance: false, isBillable: false });
  });

  test("leaves the database refusing a billable estimate, whatever the code above it does", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const insert = t.db
      .insert(expenses)
      .values({ organizationId: orgId, projectId: project.id, title: "Sneaky", amount: 1, isBillable: true });
    const error = await insert.then(
      () => null,
      (e: unknown) => e,
    );
    expect(constraintOf(error)).toBe("expenses_estimate_not_billable");
    expect(await t.db.select().from(expenses).where(eq(expenses.projectId, project.id))).toEqual([]);
  });

  test("lets a Member who manages the project add one, and a Manager on any project", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const own = await insertProjectWithTeam(t, orgId, { managerId: member.id });
    expect((await createExpense(orgId, own.id, { title: "Mine", amount: 1 }, member.token)).statusCode).toBe(201);
    const manager = await addMember(t, orgId, "manager");
    expect((await createExpense(orgId, project.id, { title: "Any", amount: 1 }, manager.token)).statusCode).toBe(201);
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const before = await snapshot(t.db);
    const response = await createExpense(orgId, project.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member on a project they only see, and a member of it who is not its manager, writing nothing", async () => {
    const { orgId, project } = await organizationWithProject(t);
    const member = await addMember(t, orgId, "member");
    const teammate = await addMemberLacking(t, orgId, [{ action: "edit", subject: "project" }]);
    const staffed = await insertProjectWithTeam(t, orgId, { members: [{ userId: teammate.id }] });
    const before = await snapshot(t.db);
    for (const [actor, projectId] of [
      [member, project.id],
      [teammate, staffed.id],
    ] as const) {
      const response = await createExpense(orgId, projectId, { title: "Not mine", amount: 1 }, actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit project" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's project and writes nothing", async () => {
    const { owner, orgId } = await organizationWithProject(t);
    const other = await organizationWithProject(t);
    const before = await snapshot(t.db);
    const json = { title: "Planted", amount: 1 };
    expect((await createExpense(orgId, other.project.id, json, owner.token)).statusCode).toBe(404);
    expect((await createExpense(other.orgId, other.project.id, json, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("PATCH /organization/{orgId}/project/{id}/expense/{expenseId}", () => {
  test("replaces every field, and turning a billable final balance into an estimate makes it not billable", async () => {
    const { owner, orgId, project, expense } = await projectWithExpense({
      title: "Invoice",
      amount: 300,
      is_final_balance: true,
      is_billable: true,
      supplier: "Acme",
    });
    const response = await updateExpense(
      orgId,
      project.id,
      expense.uid,
      { title: "Quote", amount: 250.1, is_billable: true },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...expense,
      title: "Quote",
      amount: 250.1,
      estimated_amount: 250.1,
      confirmed_amount: null,
      is_final_balance: false,
      is_billable: false,
      supplier: null,
    });
    expect(await expenseRow(expense.uid)).toMatchObject({ isFinalBalance: false, isBillable: false, amount: 250.1 });
  });

  test.each(invalidBodies)("refuses %j with a 400 naming %s and changes nothing", async (json, field) => {
    const { owner, orgId, project, expense } = await projectWithExpense();
    const before = await snapshot(t.db);
    const response = await updateExpense(orgId, project.id, expense.uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Member who does not manage the project, changing nothing", async () => {
    const { orgId, project, expense } = await projectWithExpense();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await updateExpense(orgId, project.id, expense.uid, { title: "Mine", amount: 1 }, member.token);
    expect(response.statusCode).toBe(403);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for an expense of another project or organization, and an expense id that is not an id 400", async () => {
    const { owner, orgId, project, expense } = await projectWithExpense();
    const sibling = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    const other = await projectWithExpense();
    const before = await snapshot(t.db);
    const json = { title: "Moved", amount: 1 };
    const viaSibling = await updateExpense(orgId, sibling.id, expense.uid, json, owner.token);
    expect(viaSibling.statusCode).toBe(404);
    expect(viaSibling.json().ErrorMessage).toBe("Expense not found");
    expect((await updateExpense(orgId, project.id, other.expense.uid, json, owner.token)).statusCode).toBe(404);
    expect((await updateExpense(other.orgId, other.project.id, other.expense.uid, json, owner.token)).statusCode).toBe(
      404,
    );
    const badId = await updateExpense(orgId, project.id, "first", json, owner.token);
    expect(badId.json().details).toContainEqual(expect.objectContaining({ field: "params.expenseId" }));
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/project/{id}/expense/{expenseId}", () => {
  test("deletes an expense", async () => {
    const { owner, orgId, project, expense } = await projectWithExpense();
    const response = await deleteExpense(orgId, project.id, expense.uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await expenseRow(expense.uid)).toBeUndefined();
    expect((await deleteExpense(orgId, project.id, expense.uid, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Member who does not manage the project, keeping the expense", async () => {
    const { orgId, project, expense } = await projectWithExpense();
    const member = await addMember(t, orgId, "member");
    const before = await snapshot(t.db);
    const response = await deleteExpense(orgId, project.id, expense.uid, member.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().ErrorMessage).toBe("You need the right to edit project");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for another organization's expense, through either organization's path, deleting nothing", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const other = await projectWithExpense();
    const before = await snapshot(t.db);
    expect((await deleteExpense(orgId, project.id, other.expense.uid, owner.token)).statusCode).toBe(404);
    expect((await deleteExpense(other.orgId, other.project.id, other.expense.uid, owner.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("sumFinalBalanceCents", () => {
  test("adds each project's final balances exactly to the cent, leaving estimates out", async () => {
    const { owner, orgId, project } = await organizationWithProject(t);
    const empty = await insertProjectWithTeam(t, orgId, { managerId: owner.id });
    for (const amount of [0.1, 0.2, 0.7, 1000000.01]) {
      await createExpense(orgId, project.id, { title: "Final", amount, is_final_balance: true }, owner.token);
    }
    await createExpense(orgId, project.id, { title: "Estimate", amount: 500 }, owner.token);
    await createExpense(orgId, empty.id, { title: "Estimate", amount: 7 }, owner.token);

    const cents = await createExpensesRepository(t.db).sumFinalBalanceCents(orgId, [project.id, empty.id]);
    expect(cents).toEqual(new Map([[project.id, 100000101]]));
  });

  test("counts nothing of a project of another organization", async () => {
    const { orgId } = await organizationWithProject(t);
    const other = await projectWithExpense({ title: "Final", amount: 10, is_final_balance: true });
    const repository = createExpensesRepository(t.db);
    expect((await repository.sumFinalBalanceCents(orgId, [other.project.id])).get(other.project.id)).toBeUndefined();
    expect((await repository.sumFinalBalanceCents(other.orgId, [other.project.id])).get(other.project.id)).toBe(1000);
  });
});

describe("OpenAPI", () => {
  test("documents the calls under project/{id}/expense", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/organization/{orgId}/project/{id}/expense"];
    const one = document.paths["/api/v1/organization/{orgId}/project/{id}/expense/{expenseId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(list.post.requestBody.content["application/json"].schema.properties).toBeDefined();
    expect(Object.keys(list.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404"]));
    expect(one.patch.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      ["id", "expenseId", "orgId"].sort(),
    );
  });
});
