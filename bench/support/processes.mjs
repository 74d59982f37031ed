import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");

/**
 * Starts a Node script (with `nodeArgs` for Node itself) and resolves once `url` answers 2xx; the process is killed by
 * `stop()`.
 */
export async function startProcess({ script, env, url, nodeArgs = [] }) {
  const child = spawn(process.execPath, [...nodeArgs, script], {
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
    pid: child.pid,
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
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Clock ticks per second in /proc/<pid>/stat: USER_HZ, 100 on every Linux build in use. */
const ticksPerSecond = 100;

/**
 * CPU seconds (user + system) a local process has used so far, or null where /proc cannot tell (another OS, a
 * process of a database on another machine, one that has ended).
 */
export function cpuSecondsOf(pid) {
  try {
    // The command name may hold spaces and parentheses: the fields are counted from after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return null;
  }
}
