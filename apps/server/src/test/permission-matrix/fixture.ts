import { randomBytes } from "node:crypto";
import type { Acl } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { organizationMembers, organizations, plans, roles } from "../../db/schema.js";
import { createSessionsRepository } from "../../modules/sessions/sessions.repository.js";
import { createSessionsService } from "../../modules/sessions/sessions.service.js";
import {
  addMember,
  type BuiltUser,
  buildOrganization,
  buildUser,
  roleIdOf,
  testAudit,
  testClient,
} from "../factories.js";
import { request, type TestApp } from "../test-app.js";

/** Who calls a route in the matrix. */
export const callers = ["admin", "member", "noRules", "outsider", "anonymous", "wrongKey", "algNone"] as const;
export type Caller = (typeof callers)[number];
export const signedIn = ["admin", "member", "noRules", "outsider"] as const;
export type SignedIn = (typeof signedIn)[number];

const hour = 3_600_000;

/**
 * One organization with one of everything a route can name, its people, and a second organization whose admin is
 * the outsider. Everything is made through the API as a person would, so the rows call routes on real data.
 */
export interface Fixture {
  t: TestApp;
  orgId: string;
  orgName: string;
  users: Record<SignedIn, BuiltUser>;
  /** A member (default Member role) that writes about people are aimed at, so the callers stay as they are. */
  target: BuiltUser;
  memberRoleId: string;
  /** A role nobody holds, for role changes. */
  spareRoleId: string;
  customerId: string;
  customerName: string;
  projectId: string;
  taskId: string;
  eventId: string;
  seriesEventId: string;
  recurrenceId: string;
  contractId: string;
  overheadId: string;
  workflowId: string;
  taskCategoryId: string;
  projectCategoryId: string;
  projectAreaId: string;
  expenseId: string;
  noteId: string;
  linkId: string;
  updateId: string;
  invitationId: string;
  /** The organization's default holiday group (Italy's). */
  holidayGroupId: string;
  /** The organization's vacation kind of time off, one of the four it starts with. */
  kindId: string;
  /** A user of no organization, for the public sign-in row. */
  loner: BuiltUser;
  /** Tokens for the admin's session that the server did not sign. */
  forged: { wrongKey: string; algNone: string };
  /** Strings that identify the organization: no answer to an outsider may contain one. */
  secrets: () => string[];
  /** An admin call that must succeed; answers the parsed body. */
  api(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, json?: unknown): Promise<Record<string, unknown>>;
  /** A second session of one user, so that ending it leaves the caller's own token working. */
  newSession(user: BuiltUser): Promise<{ token: string; sessionId: string }>;
  /** A distinct client address per call, so that the per-address e-mail limits never decide a row. */
  nextAddress(): string;
  /** A year no contract of the target uses yet, so that contracts never overlap. */
  nextYear(): number;
  unique(label: string): string;
}

export const org = (f: Fixture) => `/api/v1/organization/${f.orgId}`;

function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { sid: string };
  return payload.sid;
}

async function addMemberWithAcls(t: TestApp, organizationId: string, acls: Acl[]): Promise<BuiltUser> {
  const user = await buildUser(t);
  const [role] = await t.db
    .insert(roles)
    .values({ organizationId, name: `No rules ${randomBytes(4).toString("hex")}`, acls })
    .returning();
  await t.db.insert(organizationMembers).values({ organizationId, userId: user.id, roleId: role!.id });
  return user;
}

export async function buildFixture(t: TestApp): Promise<Fixture> {
  const tag = randomBytes(4).toString("hex");
  const unique = (label: string) => `${label} ${tag} ${randomBytes(3).toString("hex")}`;
  const orgName = `Matrix Org ${tag}`;
  const built = await buildOrganization(t, { name: orgName });
  const orgId = built.organization.uid;
  const admin = built.owner;
  // The unlimited plan: seats, projects and the team dashboard never decide a row, only rights do.
  const [unlimited] = await t.db.select().from(plans).where(eq(plans.code, "unlimited"));
  await t.db.update(organizations).set({ planId: unlimited!.id }).where(eq(organizations.id, orgId));

  const member = await addMember(t, orgId, "member", { nominative: unique("Member") });
  const target = await addMember(t, orgId, "member", { nominative: unique("Target") });
  const noRules = await addMemberWithAcls(t, orgId, []);
  const outsider = (await buildOrganization(t, { name: `Other Org ${tag}` })).owner;
  const loner = await buildUser(t);

  const api: Fixture["api"] = async (method, url, json) => {
    const response = await request(t.app, {
      method,
      url,
      token: admin.token,
      ...(json === undefined ? {} : { json }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.body ? (response.json() as Record<string, unknown>) : {};
  };
  const base = `/api/v1/organization/${orgId}`;
  const uid = (body: Record<string, unknown>) => String(body.uid ?? body.id ?? body.link_id ?? body.update_id);

  // By the role's key, not its name: the default roles are named in the organization's language.
  const memberRoleId = await roleIdOf(t, orgId, "member");
  const spareRoleId = uid(await api("POST", `${base}/role`, { name: unique("Spare"), acls: [] }));

  const customerName = unique("Customer");
  const customerId = uid(await api("POST", `${base}/customer`, { nominative: customerName }));
  const projectId = uid(
    await api("POST", `${base}/project`, {
      title: unique("Project"),
      customer_id: customerId,
      project_manager_id: admin.id,
      salesaccount: [admin.id],
    }),
  );
  const taskCategoryId = uid(await api("POST", `${base}/task-category`, { name: unique("Cat"), color: "#228BE6" }));
  const taskId = uid(
    await api("POST", `${base}/task`, { name: unique("Task"), projectId, userId: admin.id, categoryId: null }),
  );
  const events = `/api/v1/user/${admin.id}/time-blocking`;
  const now = Date.now();
  const eventId = uid(
    await api("POST", events, { title: unique("Event"), start_time: now - 2 * hour, end_time: now - hour }),
  );
  const series = await api("POST", events, {
    title: unique("Series"),
    start_time: now - 26 * hour,
    end_time: now - 25 * hour,
    recurrence: { every: 1, frequency: "DAILY" },
  });
  let year = 1990;
  const nextYear = () => year++;
  const contractId = uid(await api("POST", `${base}/user/${admin.id}/contract`, contractFor(2020)));
  const overheadId = uid(await api("POST", `${base}/overheads`, { amount: 100, from_date: "2026-01-01" }));
  const workflowId = uid(await api("POST", `${base}/projects-workflows`, { name: unique("Status") }));
  const projectCategoryId = uid(
    await api("POST", `${base}/project-category`, { name: unique("Category"), color: "#228BE6" }),
  );
  const projectAreaId = uid(await api("POST", `${base}/project-area`, { name: unique("Area") }));
  const inProject = `${base}/project/${projectId}`;
  const expenseId = uid(await api("POST", `${inProject}/expense`, { title: unique("Expense"), amount: 10 }));
  const noteId = uid(await api("POST", `${inProject}/note`, { note: unique("Note") }));
  const linkId = uid(await api("POST", `${inProject}/links`, { title: unique("Link"), url: "https://example.com" }));
  const updateId = uid(await api("POST", `${inProject}/updates`, { status: "in_progress", update: unique("Update") }));
  const invitedEmail = `invited-${tag}@example.com`;
  const invitationId = uid(
    await api("POST", `${base}/user/invite`, {
      email: invitedEmail,
      nominative: unique("Invited"),
      organization_role_id: memberRoleId,
    }),
  );

  const holidayGroupId = uid(await api("POST", `${base}/holiday-groups`, { name: unique("Holidays"), country: "IT" }));
  const kinds = (await api("GET", `${base}/time-off-kinds`)) as unknown as Array<{ id: string }>;
  const kindId = kinds[0]!.id;

  const sessions = createSessionsService({
    repository: createSessionsRepository(t.db),
    authSecret: t.config.authSecret,
    audit: testAudit(t),
  });
  const newSession = async (user: BuiltUser) => {
    const token = await sessions.startSession({
      userId: user.id,
      passwordVersion: user.passwordVersion,
      client: testClient,
    });
    return { token, sessionId: sessionIdOf(token) };
  };

  // The admin's real session and user, so only the signature (or its absence) is wrong.
  const claims = { sid: sessionIdOf(admin.token), pv: admin.passwordVersion };
  const wrongKey = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(admin.id)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode("another-secret-that-is-at-least-32-characters"));
  const algNone = new UnsecuredJWT(claims).setSubject(admin.id).setIssuedAt().setExpirationTime("1h").encode();

  let address = 0;
  const fixture: Fixture = {
    t,
    orgId,
    orgName,
    users: { admin, member, noRules, outsider },
    target,
    memberRoleId,
    spareRoleId,
    customerId,
    customerName,
    projectId,
    taskId,
    eventId,
    seriesEventId: uid(series),
    recurrenceId: String(series.recurrence_id),
    contractId,
    overheadId,
    workflowId,
    taskCategoryId,
    projectCategoryId,
    projectAreaId,
    expenseId,
    noteId,
    linkId,
    updateId,
    invitationId,
    holidayGroupId,
    kindId,
    loner,
    forged: { wrongKey, algNone },
    secrets: () => [
      orgId,
      orgName,
      admin.id,
      admin.email,
      member.id,
      member.email,
      target.id,
      target.email,
      customerId,
      customerName,
      projectId,
      taskId,
      eventId,
      invitationId,
      invitedEmail,
    ],
    api,
    newSession,
    nextAddress: () => {
      address += 1;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    },
    nextYear,
    unique,
  };
  return fixture;
}

/** The contract body the fixture uses, for a given year. */
export const contractFor = (year: number) => ({
  contract_type: "full-time",
  contractual_hours: 8,
  hourly_cost: 30,
  productivity_target: 80,
  from_date: `${year}-01-01`,
  to_date: `${year}-12-31`,
});
