import { planSchema } from "@timetrap/domain";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { buildOrganization, buildUser } from "../test/factories.js";
import { useTestApp } from "../test/test-app.js";
import { isUniqueViolation, literal, namedStatement, runNamedArrays } from "./database.js";
import { organizationDomains, organizationMembers, plans, roles, users } from "./schema.js";

const t = useTestApp();

describe("migrations", () => {
  test("seed the free and unlimited plans", async () => {
    const rows = await t.db.select().from(plans);
    const byCode = Object.fromEntries(rows.map((p) => [p.code, p]));
    expect(Object.keys(byCode).sort()).toEqual(["free", "unlimited"]);
    const free = byCode.free!;
    expect(free.config).toEqual([
      { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
      { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
      { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
      { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
    ]);
    expect(byCode.unlimited!.config.every((entry) => entry.enabled && !entry.tierLimited)).toBe(true);
    for (const plan of rows) {
      planSchema.parse({
        uid: plan.id,
        code: plan.code,
        name: plan.name,
        config: plan.config,
        subscription: plan.subscription,
      });
    }
  });

  test("can be applied again without changing anything", async () => {
    await t.database.migrate();
    expect(await t.db.select().from(plans)).toHaveLength(2);
  });
});

describe("constraints the database enforces", () => {
  async function failure(work: () => Promise<unknown>): Promise<unknown> {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error("expected the statement to fail");
  }

  test("a domain belongs to one organization only", async () => {
    const { organization: first } = await buildOrganization(t, { domains: ["unique.example"] });
    const { organization: second } = await buildOrganization(t);
    const error = await failure(() =>
      t.db.insert(organizationDomains).values({ organizationId: second.uid, domain: "unique.example" }),
    );
    expect(isUniqueViolation(error, "organization_domains_domain_unique")).toBe(true);
    expect(first.domains).toEqual(["unique.example"]);
  });

  test("a user belongs to one organization only", async () => {
    const { owner } = await buildOrganization(t);
    const { organization: other } = await buildOrganization(t);
    const [role] = await t.db.select().from(roles).limit(1);
    const error = await failure(() =>
      t.db.insert(organizationMembers).values({ organizationId: other.uid, userId: owner.id, roleId: role!.id }),
    );
    expect(isUniqueViolation(error, "organization_members_user_id_unique")).toBe(true);
  });

  test("a member's role must be one of the same organization's roles", async () => {
    const { organization: mine } = await buildOrganization(t);
    const { role: foreignAdmin } = await buildOrganization(t);
    const user = await buildUser(t);
    const error = await failure(() =>
      t.db.insert(organizationMembers).values({ organizationId: mine.uid, userId: user.id, roleId: foreignAdmin.uid }),
    );
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/organization_members_role_fk/);
  });

  test("e-mails are unique and stored in lower case", async () => {
    const user = await buildUser(t);
    expect(
      isUniqueViolation(await failure(() => t.db.insert(users).values({ email: user.email, nominative: "Twin" }))),
    ).toBe(true);
    const upper = await failure(() => t.db.insert(users).values({ email: "UPPER@example.com", nominative: "Loud" }));
    expect(String((upper as { cause?: unknown }).cause ?? upper)).toMatch(/users_email_lower_case/);
  });
});

describe("named statements", () => {
  // One statement, run under its name (on PGlite prepared once in the store's session, its values written into
  // EXECUTE's text): each value comes back as given, quotes and all.
  const echo = namedStatement("test_echo", {
    toSQL: () =>
      new PgDialect().sqlToQuery(
        sql`select ${sql.placeholder("text")}::text as text, ${sql.placeholder("at")}::timestamptz = '2026-03-16T08:30:00Z' as at,
          ${sql.placeholder("number")}::int as number, ${sql.placeholder("json")}::jsonb as json,
          ${sql.placeholder("nothing")}::text as nothing`,
      ),
  });

  test.each([
    ["plain text", "Caffè Nero"],
    ["a quote", "O'Brien"],
    ["two quotes and a backslash", "it''s \\ fine"],
    ["what would end the statement", "'); drop table users; --"],
    ["an empty text", ""],
  ])("run with their values as given, many times in a row (%s)", async (_, text) => {
    const people = (await t.db.select().from(users)).length;
    // More runs than PostgreSQL's five before it may keep one plan.
    for (let run = 0; run < 7; run += 1) {
      const rows = await runNamedArrays<[string, boolean, number, unknown, null]>(t.db, echo, {
        text,
        at: new Date("2026-03-16T08:30:00.000Z"),
        number: run,
        json: JSON.stringify({ text, run }),
        nothing: null,
      });
      expect(rows).toEqual([[text, true, run, { text, run }, null]]);
    }
    // Nothing a value holds ran as a statement.
    expect(await t.db.select().from(users)).toHaveLength(people);
  });

  test.each([
    [null, "null"],
    [undefined, "null"],
    ["O'Brien", "'O''Brien'"],
    ["a \\ b", "'a \\ b'"],
    [42, "'42'"],
    [true, "'true'"],
    [new Date("2026-03-16T08:30:00.000Z"), "'2026-03-16T08:30:00.000Z'"],
    [{ a: "it's" }, `'{"a":"it''s"}'`],
  ])("a value written as a constant: %j is %s", (value, written) => {
    expect(literal(value)).toBe(written);
  });
});
