import { spawn } from "node:child_process";
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");

/** Starts a Node script and resolves once `url` answers 2xx; the process is killed by `stop()`. */
export async function startProcess({ script, env, url }) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    stop: () =>
      new Promise((r) => {
        child.once("exit", r);
        child.kill("SIGTERM");
      }),
  };
}

/** A fresh PostgreSQL database for one run, dropped by `drop()`. */
export async function createDatabase(pg, adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
