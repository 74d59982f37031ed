import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { serverPackageRoot } from "../config.js";
import { migrationsFolder, openPglite } from "../db/database.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory; empty when the tests run on PostgreSQL. */
    pgliteDumpPath: string;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Changes whenever a migration or the PGlite version changes, so a cached dump is never stale. */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const { dependencies } = JSON.parse(readFileSync(join(serverPackageRoot, "package.json"), "utf8"));
  hash.update(String(dependencies["@electric-sql/pglite"]));
  for (const file of filesUnder(migrationsFolder).sort()) {
    hash.update(relative(migrationsFolder, file)).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A fresh PGlite costs seconds (initdb, then the migrations); starting each test file from a dump of a
 * migrated one costs a fraction of that. The dump is kept between runs under node_modules/.cache, keyed
 * by the migrations. On PostgreSQL each file creates and migrates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgliteDumpPath", "");
    return;
  }
  const cacheDir = join(serverPackageRoot, "node_modules/.cache/pglite");
  const path = join(cacheDir, `migrated-${migrationsFingerprint()}.tar`);
  if (!existsSync(path)) {
    const client = new PGlite();
    const database = openPglite(client);
    await database.migrate();
    const dump = await client.dumpDataDir("none");
    await database.close();
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed, so a run interrupted half-way never leaves a broken dump behind.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  project.provide("pgliteDumpPath", path);
}
