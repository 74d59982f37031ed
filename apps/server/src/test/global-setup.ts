import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; empty when the tests run on PostgreSQL. */
    pgliteDumpPath: string;
  }
}

/**
 * Migrating a fresh PGlite costs seconds; migrating once and starting every test file from a dump of
 * the result costs a fraction of that. On PostgreSQL each file creates and migrates its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteDumpPath", "");
    return;
  }
  const client = new PGlite();
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), "timetrap-pglite-"));
  const path = join(dir, "migrated.tar");
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", path);
  return () => rmSync(dir, { recursive: true, force: true });
}
