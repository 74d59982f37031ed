import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "../db/database.js";
import { organizations, plans } from "../db/schema.js";
import { setPlan } from "./set-plan.js";

const dataDir = mkdtempSync(join(tmpdir(), "timetrap-plan-"));
const env = { DATA_DIR: dataDir, AUTH_SECRET: "test-secret-that-is-at-least-32-characters-long" };
const options = { databaseUrl: null, dataDir, dataDirLockWaitSeconds: 0 };
let organizationId = "";

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return setPlan(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) }).then((code) => ({
    code,
    out: out.join("\n"),
    err: err.join("\n"),
  }));
}

async function planOf(id: string): Promise<string | undefined> {
  const database = await openDatabase(options);
  try {
    const [row] = await database.db
      .select({ code: plans.code, status: organizations.subscriptionStatus })
      .from(organizations)
      .innerJoin(plans, eq(plans.id, organizations.planId))
      .where(eq(organizations.id, id));
    return row ? `${row.code}/${row.status}` : undefined;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const database = await openDatabase(options);
  await database.migrate();
  const [free] = await database.db.select().from(plans).where(eq(plans.code, "free"));
  const [made] = await database.db
    .insert(organizations)
    .values({ name: "Studio Lumen", language: "it", planId: free!.id, subscriptionStatus: "canceled" })
    .returning();
  organizationId = made!.id;
  await database.close();
}, 60_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm run plan", () => {
  test("sets the organization's plan with status none and says what it did", async () => {
    const result = await run(["--organization", organizationId, "--plan", "unlimited"]);
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      `Studio Lumen (${organizationId}): plan free -> unlimited (Unlimited), set by an operator.`,
    );
    expect(await planOf(organizationId)).toBe("unlimited/none");
  });

  test("refuses an unknown plan, naming the plans there are", async () => {
    const result = await run(["--organization", organizationId, "--plan", "gold"]);
    expect(result.code).toBe(1);
    expect(result.err).toBe('No plan "gold": the plans are free, unlimited.');
  });

  test("refuses an unknown organization", async () => {
    const unknown = "0b7f3e29-4c1d-4a58-9e63-8d2a5c7f1b04";
    const result = await run(["--organization", unknown, "--plan", "free"]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`No organization ${unknown} in this database.`);
  });

  test.each([
    [["--plan", "free"], 2, "Usage: npm run plan"],
    [["--organization", "acme", "--plan", "free"], 1, '"acme" is not an organization id'],
    [["--organization", organizationId, "--plan", "free", "--force"], 2, "Unknown option '--force'"],
  ])("refuses the arguments %j", async (argv, code, message) => {
    const result = await run(argv);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
  });

  test("refuses while a server holds the embedded store, changing nothing", async () => {
    const held = await openDatabase(options);
    try {
      const result = await run(["--organization", organizationId, "--plan", "free"]);
      expect(result.code).toBe(1);
      expect(result.err).toContain("is in use by another Timetrap server");
      expect(result.err).toContain("with the server stopped");
    } finally {
      await held.close();
    }
    expect(await planOf(organizationId)).toBe("unlimited/none");
  });
});
