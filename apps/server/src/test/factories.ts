import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { CreateOrganizationResponse } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { organizationMembers, roles, users } from "../db/schema.js";
import { createSessionTokens } from "../modules/auth/session-token.js";
import { request, type TestApp } from "./test-app.js";

export const defaultPassword = "correct horse battery";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

export type BuiltUser = typeof users.$inferSelect & { password: string; token: string };

/** A user straight in the database, with a password and a valid session token. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password = defaultPassword, ...values } = overrides;
  const [row] = await t.db
    .insert(users)
    .values({ email: uniqueEmail(), nominative: "Test User", passwordHash: await hash(password), ...values })
    .returning();
  const token = await createSessionTokens(t.config.authSecret).sign({
    userId: row!.id,
    passwordVersion: row!.passwordVersion,
  });
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
