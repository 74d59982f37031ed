import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { type Action, type CreateOrganizationResponse, type MemberTag, type Subject, subjects } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import {
  customers,
  organizationMembers,
  projectMembers,
  projects,
  roles,
  users,
  workflowStatuses,
} from "../db/schema.js";
import { createAuditRepository } from "../modules/audit/audit.repository.js";
import { createAuditService } from "../modules/audit/audit.service.js";
import { createSessionsRepository } from "../modules/sessions/sessions.repository.js";
import { createSessionsService } from "../modules/sessions/sessions.service.js";
import { request, type TestApp } from "./test-app.js";

export const defaultPassword = "correct horse battery";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

export type BuiltUser = typeof users.$inferSelect & { password: string; token: string };

/** Where the sessions of built users come from. */
export const testClient = { ip: "127.0.0.1", userAgent: "" };

/** The app's audit log, for services a test builds by hand. */
export function testAudit(t: TestApp) {
  return createAuditService({ repository: createAuditRepository(t.db), logger: t.app.log });
}

/** A user straight in the database, with a password and a signed-in session. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password = defaultPassword, ...values } = overrides;
  const [row] = await t.db
    .insert(users)
    .values({ email: uniqueEmail(), nominative: "Test User", passwordHash: await hash(password), ...values })
    .returning();
  const token = await createSessionsService({
    repository: createSessionsRepository(t.db),
    authSecret: t.config.authSecret,
    audit: testAudit(t),
  }).startSession({ userId: row!.id, passwordVersion: row!.passwordVersion, client: testClient });
  return { ...row!, password, token };
}

/** An organization made through the API, as a person would, with its creator as Admin. */
export async function buildOrganization(
  t: TestApp,
  options: { owner?: BuiltUser; name?: string; domains?: string[] } = {},
): Promise<CreateOrganizationResponse & { owner: BuiltUser }> {
  const owner = options.owner ?? (await buildUser(t, { termsOfUse: true, privacyPolicy: true }));
  const response = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${owner.id}/organization`,
    token: owner.token,
    json: { name: options.name ?? "Acme", domains: options.domains ?? [] },
  });
  if (response.statusCode !== 201) throw new Error(`organization not created: ${response.body}`);
  return { ...(response.json() as CreateOrganizationResponse), owner };
}

/** An organization with a project its Admin manages. */
export async function organizationWithProject(t: TestApp) {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const project = await insertProjectWithTeam(t, orgId, { managerId: built.owner.id });
  return { ...built, orgId, project };
}

/** A new user in the organization with one of its default roles. */
export async function addMember(
  t: TestApp,
  organizationId: string,
  roleKey: "admin" | "manager" | "member",
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<BuiltUser> {
  const user = await buildUser(t, overrides);
  const [role] = await t.db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, roleKey)));
  await t.db.insert(organizationMembers).values({ organizationId, userId: user.id, roleId: role!.id });
  return user;
}

/**
 * A new user in the organization with a custom role holding every right but the ones named, to show that
 * exactly those are what a route needs.
 */
export async function addMemberLacking(
  t: TestApp,
  organizationId: string,
  missing: ReadonlyArray<{ action: Action; subject: Subject }>,
): Promise<BuiltUser> {
  const user = await buildUser(t);
  const acls = subjects.map((subject) => ({
    subject,
    actions: (["read", "create", "edit", "delete"] as const).filter(
      (action) => !missing.some((right) => right.action === action && right.subject === subject),
    ),
  }));
  const [role] = await t.db
    .insert(roles)
    .values({ organizationId, name: `Lacking ${randomBytes(4).toString("hex")}`, acls })
    .returning();
  await t.db.insert(organizationMembers).values({ organizationId, userId: user.id, roleId: role!.id });
  return user;
}

/**
 * A project row straight in the table, for the rules that look at projects (customers and statuses in use).
 * Without a status it takes the organization's `open` one.
 */
export async function insertProject(
  t: TestApp,
  organizationId: string,
  values: { title?: string; customerId?: string | null; statusId?: string } = {},
): Promise<typeof projects.$inferSelect> {
  let statusId = values.statusId;
  if (!statusId) {
    const [open] = await t.db
      .select()
      .from(workflowStatuses)
      .where(and(eq(workflowStatuses.organizationId, organizationId), eq(workflowStatuses.key, "open")));
    statusId = open!.id;
  }
  const [row] = await t.db
    .insert(projects)
    .values({ organizationId, title: values.title ?? "Website", customerId: values.customerId ?? null, statusId })
    .returning();
  return row!;
}

/**
 * A project straight in the tables with its manager, members and category, for the calls about what hangs from a
 * project (notes, links, updates, expenses, tasks) and who may see or change it. Without a status it takes the
 * organization's `open` one; each member gets the `responsible` tag unless told otherwise.
 */
export async function insertProjectWithTeam(
  t: TestApp,
  organizationId: string,
  values: {
    title?: string;
    customerId?: string | null;
    managerId?: string | null;
    categoryId?: string | null;
    members?: ReadonlyArray<{ userId: string; tags?: readonly MemberTag[] }>;
  } = {},
): Promise<typeof projects.$inferSelect> {
  const inserted = await insertProject(t, organizationId, {
    ...(values.title === undefined ? {} : { title: values.title }),
    customerId: values.customerId ?? null,
  });
  const [row] = await t.db
    .update(projects)
    .set({ projectManagerId: values.managerId ?? null, categoryId: values.categoryId ?? null })
    .where(eq(projects.id, inserted.id))
    .returning();
  const memberRows = (values.members ?? []).flatMap(({ userId, tags = ["responsible"] }) =>
    tags.map((tag) => ({ projectId: inserted.id, userId, tag })),
  );
  if (memberRows.length > 0) await t.db.insert(projectMembers).values(memberRows);
  return row!;
}

/** A customer straight in the table, for the calls that only need one to refer to. */
export async function insertCustomer(
  t: TestApp,
  organizationId: string,
  nominative = "Acme Srl",
): Promise<typeof customers.$inferSelect> {
  const [row] = await t.db.insert(customers).values({ organizationId, nominative }).returning();
  return row!;
}

/** The id of one of the roles every organization is made with. */
export async function roleIdOf(
  t: TestApp,
  organizationId: string,
  key: "admin" | "manager" | "member",
): Promise<string> {
  const [row] = await t.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.key, key)));
  if (!row) throw new Error(`organization ${organizationId} has no ${key} role`);
  return row.id;
}
