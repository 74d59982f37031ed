import { contractSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { userContracts } from "../../db/schema.js";
import { addMember, addMemberLacking, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

const base = (orgId: string, userId: string) => `/api/v1/organization/${orgId}/user/${userId}/contract`;

const listContracts = (orgId: string, userId: string, token?: string) =>
  request(t.app, { method: "GET", url: base(orgId, userId), ...(token ? { token } : {}) });
const createContract = (orgId: string, userId: string, json: unknown, token?: string) =>
  request(t.app, { method: "POST", url: base(orgId, userId), json, ...(token ? { token } : {}) });
const updateContract = (orgId: string, userId: string, id: string, json: unknown, token?: string) =>
  request(t.app, { method: "PATCH", url: `${base(orgId, userId)}/${id}`, json, ...(token ? { token } : {}) });
const deleteContract = (orgId: string, userId: string, id: string, token?: string) =>
  request(t.app, { method: "DELETE", url: `${base(orgId, userId)}/${id}`, ...(token ? { token } : {}) });

const fullTime = (from: string, to: string | null = null) => ({
  contract_type: "full-time",
  contractual_hours: 8,
  hourly_cost: 32.5,
  productivity_target: 80,
  from_date: from,
  to_date: to,
});

const partTime = (from: string, to: string | null = null) => ({
  contract_type: "part-time",
  contractual_hours: 0,
  contractual_hours_by_day: { monday: 4, tuesday: 4, wednesday: 4, thursday: 0, friday: 0, saturday: 0, sunday: 0 },
  hourly_cost: 20,
  productivity_target: 75.5,
  from_date: from,
  to_date: to,
});

/** An organization with an Admin and a member to write contracts for. */
async function setup() {
  const { owner, organization } = await buildOrganization(t);
  const worker = await addMember(t, organization.uid, "member");
  return { owner, organization, worker };
}

async function contractRows(userId: string) {
  return t.db.select().from(userContracts).where(eq(userContracts.userId, userId));
}

describe("POST /organization/{orgId}/user/{userId}/contract", () => {
  test("adds a full-time contract and answers it", async () => {
    const { owner, organization, worker } = await setup();
    const response = await createContract(
      organization.uid,
      worker.id,
      fullTime("2026-01-01", "2026-12-31"),
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect(contractSchema.parse(response.json())).toEqual({
      uid: expect.any(String),
      user_id: worker.id,
      contract_type: "full-time",
      contractual_hours: 8,
      contractual_hours_by_day: null,
      hourly_cost: 32.5,
      productivity_target: 80,
      from_date: "2026-01-01",
      to_date: "2026-12-31",
    });
    expect(await contractRows(worker.id)).toHaveLength(1);
  });

  test("adds a part-time contract with hours by weekday and no end date", async () => {
    const { owner, organization, worker } = await setup();
    const response = await createContract(organization.uid, worker.id, partTime("2027-01-01"), owner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      contract_type: "part-time",
      contractual_hours_by_day: partTime("x").contractual_hours_by_day,
      productivity_target: 75.5,
      to_date: null,
    });
  });

  test.each([
    ["starts inside", "2026-12-31", null],
    ["ends inside", "2025-06-01", "2026-01-01"],
    ["covers it", "2025-01-01", "2027-01-01"],
  ])("refuses a contract that %s another with 409 naming it, and writes nothing", async (_label, from, to) => {
    const { owner, organization, worker } = await setup();
    await createContract(organization.uid, worker.id, fullTime("2026-01-01", "2026-12-31"), owner.token);
    const before = await snapshot(t.db);
    const response = await createContract(organization.uid, worker.id, fullTime(from, to), owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "This contract overlaps the contract from 01/01/2026 to 31/12/2026",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("names an open-ended contract as having no end date", async () => {
    const { owner, organization, worker } = await setup();
    await createContract(organization.uid, worker.id, fullTime("2026-03-01"), owner.token);
    const response = await createContract(
      organization.uid,
      worker.id,
      fullTime("2030-01-01", "2030-02-01"),
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe("This contract overlaps the contract from 01/03/2026 with no end date");
  });

  test("accepts a contract starting the day after another ends", async () => {
    const { owner, organization, worker } = await setup();
    await createContract(organization.uid, worker.id, fullTime("2026-01-01", "2026-12-31"), owner.token);
    expect((await createContract(organization.uid, worker.id, fullTime("2027-01-01"), owner.token)).statusCode).toBe(
      201,
    );
  });

  test("overlapping contracts sent at once: one is added, every other is a 409", async () => {
    const { owner, organization, worker } = await setup();
    const months = ["01", "02", "03", "04", "05", "06"];
    const answers = await Promise.all(
      months.map((month) =>
        createContract(organization.uid, worker.id, fullTime(`2026-${month}-01`, "2026-12-31"), owner.token),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await contractRows(worker.id)).toHaveLength(1);
  });

  test.each([
    [{ ...fullTime("2026-01-01"), contract_type: "freelance" }, "body.contract_type"],
    [{ ...fullTime("2026-01-01"), from_date: "01/01/2026" }, "body.from_date"],
    [{ ...fullTime("2026-01-01"), from_date: "2026-02-30" }, "body.from_date"],
    [fullTime("2026-05-01", "2026-04-30"), "body.to_date"],
    [{ ...fullTime("2026-01-01"), hourly_cost: -1 }, "body.hourly_cost"],
    [{ ...fullTime("2026-01-01"), hourly_cost: 10.123 }, "body.hourly_cost"],
    [{ ...fullTime("2026-01-01"), productivity_target: 101 }, "body.productivity_target"],
    [{ ...fullTime("2026-01-01"), contractual_hours: 7.5 }, "body.contractual_hours"],
    [{ ...fullTime("2026-01-01"), contractual_hours: 25 }, "body.contractual_hours"],
    [{ ...partTime("2026-01-01"), contractual_hours_by_day: null }, "body.contractual_hours_by_day"],
    [
      {
        ...partTime("2026-01-01"),
        contractual_hours_by_day: { ...partTime("x").contractual_hours_by_day, monday: -2 },
      },
      "body.contractual_hours_by_day.monday",
    ],
    [
      { ...fullTime("2026-01-01"), contractual_hours_by_day: partTime("x").contractual_hours_by_day },
      "body.contractual_hours_by_day",
    ],
    [{ ...fullTime("2026-01-01"), user_id: crypto.randomUUID() }, "body.user_id"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization, worker } = await setup();
    const before = await snapshot(t.db);
    const response = await createContract(organization.uid, worker.id, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager, a role lacking exactly edit on user, and the user themself, with 403", async () => {
    const { organization, worker } = await setup();
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking, worker]) {
      const response = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), actor.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit user" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a user of another organization, and to an admin of another organization", async () => {
    const { owner, organization, worker } = await setup();
    const { owner: strangerAdmin, organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    const loner = await buildUser(t);
    const before = await snapshot(t.db);
    for (const userId of [stranger.id, loner.id, crypto.randomUUID()]) {
      const response = await createContract(organization.uid, userId, fullTime("2026-01-01"), owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: "User not found" });
    }
    const foreign = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), strangerAdmin.token);
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses ids that are not ids, and a request without a session", async () => {
    const { owner, organization, worker } = await setup();
    const bad = await createContract(organization.uid, "42", fullTime("2026-01-01"), owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: "params.userId" }));
    expect((await createContract(organization.uid, worker.id, fullTime("2026-01-01"))).statusCode).toBe(401);
  });
});

describe("GET /organization/{orgId}/user/{userId}/contract", () => {
  test("lists the user's contracts, newest first", async () => {
    const { owner, organization, worker } = await setup();
    for (const from of ["2024-01-01", "2026-01-01", "2025-01-01"]) {
      await createContract(organization.uid, worker.id, fullTime(from, `${from.slice(0, 4)}-12-31`), owner.token);
    }
    const other = await addMember(t, organization.uid, "member");
    await createContract(organization.uid, other.id, fullTime("2020-01-01"), owner.token);
    const response = await listContracts(organization.uid, worker.id, owner.token);
    expect(response.statusCode).toBe(200);
    const body = contractSchema.array().parse(response.json());
    expect(body.map((c) => c.from_date)).toEqual(["2026-01-01", "2025-01-01", "2024-01-01"]);
    expect(body.every((c) => c.user_id === worker.id)).toBe(true);
  });

  test("answers a Manager (read on user) and the user themself", async () => {
    const { owner, organization, worker } = await setup();
    await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const manager = await addMember(t, organization.uid, "manager");
    for (const reader of [manager, worker]) {
      const response = await listContracts(organization.uid, worker.id, reader.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(1);
    }
  });

  test("refuses a Member reading a colleague's contracts, and a role lacking exactly read on user", async () => {
    const { organization, worker } = await setup();
    const colleague = await addMember(t, organization.uid, "member");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "read", subject: "user" }]);
    for (const reader of [colleague, lacking]) {
      const response = await listContracts(organization.uid, worker.id, reader.token);
      expect(response.statusCode).toBe(403);
      expect(response.json().ErrorMessage).toBe("You need the right to read user");
    }
  });

  test("answers 404 for a user of another organization and to a user of another organization", async () => {
    const { owner, organization, worker } = await setup();
    const { owner: strangerAdmin, organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    expect((await listContracts(organization.uid, stranger.id, owner.token)).statusCode).toBe(404);
    expect((await listContracts(organization.uid, worker.id, strangerAdmin.token)).statusCode).toBe(404);
    // The stranger's own contracts, asked through the wrong organization, are not there either.
    expect((await listContracts(organization.uid, stranger.id, stranger.token)).statusCode).toBe(404);
  });
});

describe("PATCH /organization/{orgId}/user/{userId}/contract/{contractId}", () => {
  test("replaces the whole contract, and may keep overlapping only itself", async () => {
    const { owner, organization, worker } = await setup();
    const created = await createContract(
      organization.uid,
      worker.id,
      fullTime("2026-01-01", "2026-12-31"),
      owner.token,
    );
    const id = created.json().uid as string;
    const response = await updateContract(organization.uid, worker.id, id, partTime("2026-02-01"), owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uid: id,
      contract_type: "part-time",
      from_date: "2026-02-01",
      to_date: null,
    });
    const [row] = await contractRows(worker.id);
    expect(row).toMatchObject({ contractType: "part-time", fromDate: "2026-02-01", toDate: null, hourlyCost: 20 });
  });

  test("refuses a change that overlaps another contract with 409 and writes nothing", async () => {
    const { owner, organization, worker } = await setup();
    await createContract(organization.uid, worker.id, fullTime("2025-01-01", "2025-12-31"), owner.token);
    const later = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const before = await snapshot(t.db);
    const response = await updateContract(
      organization.uid,
      worker.id,
      later.json().uid,
      fullTime("2025-12-01"),
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe("This contract overlaps the contract from 01/01/2025 to 31/12/2025");
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    [{ from_date: "2026-01-01" }, "body.contract_type"],
    [{ ...fullTime("2026-01-01"), to_date: "2025-01-01" }, "body.to_date"],
  ])("refuses %j with a 400 naming %s and writes nothing", async (json, field) => {
    const { owner, organization, worker } = await setup();
    const created = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const before = await snapshot(t.db);
    const response = await updateContract(organization.uid, worker.id, created.json().uid, json, owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field }));
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a Manager and a role lacking exactly edit on user with 403", async () => {
    const { owner, organization, worker } = await setup();
    const created = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking]) {
      const response = await updateContract(
        organization.uid,
        worker.id,
        created.json().uid,
        fullTime("2020-01-01"),
        actor.token,
      );
      expect(response.statusCode).toBe(403);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a contract of another organization or of another user, and changes nothing", async () => {
    const { owner, organization, worker } = await setup();
    const colleague = await addMember(t, organization.uid, "member");
    const { owner: strangerAdmin, organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    const foreign = await createContract(other.uid, stranger.id, fullTime("2026-01-01"), strangerAdmin.token);
    const colleagues = await createContract(organization.uid, colleague.id, fullTime("2026-01-01"), owner.token);
    const before = await snapshot(t.db);
    const attempts = [
      // Another organization's contract, through one's own member.
      [worker.id, foreign.json().uid],
      // Another organization's contract and user.
      [stranger.id, foreign.json().uid],
      // A colleague's contract, through another member's path.
      [worker.id, colleagues.json().uid],
      [worker.id, crypto.randomUUID()],
    ] as const;
    for (const [userId, contractId] of attempts) {
      const response = await updateContract(organization.uid, userId, contractId, fullTime("2000-01-01"), owner.token);
      expect(response.statusCode).toBe(404);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /organization/{orgId}/user/{userId}/contract/{contractId}", () => {
  test("deletes the contract with 204", async () => {
    const { owner, organization, worker } = await setup();
    const created = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const response = await deleteContract(organization.uid, worker.id, created.json().uid, owner.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await contractRows(worker.id)).toEqual([]);
    expect((await deleteContract(organization.uid, worker.id, created.json().uid, owner.token)).statusCode).toBe(404);
  });

  test("refuses a Manager, a role lacking exactly edit on user and the user themself with 403", async () => {
    const { owner, organization, worker } = await setup();
    const created = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const manager = await addMember(t, organization.uid, "manager");
    const lacking = await addMemberLacking(t, organization.uid, [{ action: "edit", subject: "user" }]);
    const before = await snapshot(t.db);
    for (const actor of [manager, lacking, worker]) {
      expect((await deleteContract(organization.uid, worker.id, created.json().uid, actor.token)).statusCode).toBe(403);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for a contract of another organization, and to an admin of another organization", async () => {
    const { owner, organization, worker } = await setup();
    const { owner: strangerAdmin, organization: other } = await buildOrganization(t);
    const stranger = await addMember(t, other.uid, "member");
    const foreign = await createContract(other.uid, stranger.id, fullTime("2026-01-01"), strangerAdmin.token);
    const mine = await createContract(organization.uid, worker.id, fullTime("2026-01-01"), owner.token);
    const before = await snapshot(t.db);
    expect((await deleteContract(organization.uid, worker.id, foreign.json().uid, owner.token)).statusCode).toBe(404);
    expect((await deleteContract(organization.uid, stranger.id, foreign.json().uid, owner.token)).statusCode).toBe(404);
    expect((await deleteContract(organization.uid, worker.id, mine.json().uid, strangerAdmin.token)).statusCode).toBe(
      404,
    );
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a contract id that is not an id with a 400 naming params.contractId", async () => {
    const { owner, organization, worker } = await setup();
    const response = await deleteContract(organization.uid, worker.id, "latest", owner.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "params.contractId" }));
  });
});
