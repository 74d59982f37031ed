/**
 * `npm run plan -- --organization <uuid> --plan <code>`: an operator sets an organization's plan on a server that takes
 * no payments (decision 031). It opens the configured database as the server does; on the embedded store it needs the
 * data directory's lock, so it refuses (exit 1) while a server holds it rather than wait.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ConfigError, loadConfig } from "../config.js";
import { DataDirLockedError } from "../db/data-dir-lock.js";
import { openDatabase } from "../db/database.js";
import { organizations, plans } from "../db/schema.js";

const usage = "Usage: npm run plan -- --organization <organization id> --plan <plan code>";

export interface SetPlanIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the command; answers its exit code. */
export async function setPlan(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: SetPlanIo,
): Promise<number> {
  let values: { organization?: string | undefined; plan?: string | undefined };
  try {
    values = parseArgs({
      args: [...argv],
      options: { organization: { type: "string" }, plan: { type: "string" } },
      strict: true,
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!values.organization || !values.plan) {
    io.err(usage);
    return 2;
  }
  if (!z.uuid().safeParse(values.organization).success) {
    io.err(`"${values.organization}" is not an organization id (a UUID).`);
    return 1;
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    const config = loadConfig(env);
    database = await openDatabase({ ...config, dataDirLockWaitSeconds: 0 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      io.err(`${error.message}\nThe plan is set with the server stopped (or on a PostgreSQL store, at any time).`);
      return 1;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await database.migrate();
    const [plan] = await database.db.select().from(plans).where(eq(plans.code, values.plan));
    if (!plan) {
      const known = (await database.db.select({ code: plans.code }).from(plans)).map((row) => row.code);
      io.err(`No plan "${values.plan}": the plans are ${known.join(", ")}.`);
      return 1;
    }
    const [organization] = await database.db
      .select({ id: organizations.id, name: organizations.name, planId: organizations.planId })
      .from(organizations)
      .where(eq(organizations.id, values.organization));
    if (!organization) {
      io.err(`No organization ${values.organization} in this database.`);
      return 1;
    }
    const [previous] = await database.db
      .select({ code: plans.code })
      .from(plans)
      .where(eq(plans.id, organization.planId));
    // An operator's plan has no Paddle subscription behind it: status `none`, and nothing scheduled.
    await database.db
      .update(organizations)
      .set({ planId: plan.id, subscriptionStatus: "none", scheduledChange: null, updatedAt: new Date() })
      .where(eq(organizations.id, organization.id));
    io.out(
      `${organization.name} (${organization.id}): plan ${previous?.code ?? "?"} -> ${plan.code} (${plan.name}), ` +
        "set by an operator.",
    );
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const code = await setPlan(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
  process.exit(code);
}
