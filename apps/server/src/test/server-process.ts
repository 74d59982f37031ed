import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { type Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { serverPackageRoot } from "../config.js";

/** A server started from its TypeScript source in a child process, as `npm start` runs it from the build. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves with the address once it listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr contains `text`. */
  waitForStderr(text: string): Promise<void>;
  /** Resolves once stdout matches `pattern`. */
  waitForStdout(pattern: RegExp): Promise<void>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ["--conditions", "development", "--import", "tsx", join(serverPackageRoot, "src/server.ts")],
    {
      cwd: serverPackageRoot,
      env: {
        ...inherited,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        AUTH_SECRET: "process-test-secret-process-test-secret-0123",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  const stderrWaiters: Array<{ text: string; resolve: () => void }> = [];
  const stdoutWaiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const waiter of stdoutWaiters.filter((w) => w.pattern.test(stdout))) {
      stdoutWaiters.splice(stdoutWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    for (const waiter of stderrWaiters.filter((w) => stderr.includes(w.text))) {
      stderrWaiters.splice(stderrWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Timetrap is listening on (http:\/\/[^\s]+)/.exec(stdout);
      if (match) {
        child.stdout?.off("data", onData);
        resolve(match[1]!);
      }
    };
    child.stdout?.on("data", onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${stderr}\n${stdout}`)),
    );
  });
  // Callers that only wait for the exit must not see an unhandled rejection.
  listening.catch(() => undefined);
  return {
    child,
    pid: child.pid!,
    listening,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    waitForStderr: (text) =>
      new Promise((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        stderrWaiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`the server exited without writing "${text}":\n${stderr}`)));
      }),
    waitForStdout: (pattern) =>
      new Promise((resolve, reject) => {
        if (pattern.test(stdout)) return resolve();
        stdoutWaiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`the server exited without writing ${pattern}:\n${stdout}`)));
      }),
  };
}

/**
 * A data directory holding an embedded database already migrated, made from the dump global setup keeps: a server
 * starting on it skips initdb, which costs seconds. Made once per file under `root/template`, copied for each call.
 */
export async function migratedDataDir(root: string, name: string): Promise<string> {
  const template = join(root, "template");
  const pglite = join(template, "pglite");
  if (!isInitialized(pglite)) {
    mkdirSync(pglite, { recursive: true });
    const client = new PGlite(pglite, { loadDataDir: new Blob([readFileSync(inject("pgliteDumpPath"))]) });
    await client.waitReady;
    await client.close();
  }
  const dataDir = join(root, name);
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

function isInitialized(dir: string): boolean {
  try {
    return readFileSync(join(dir, "PG_VERSION"), "utf8").length > 0;
  } catch {
    return false;
  }
}

export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether it went over a kept-alive connection opened for an earlier request. */
  reused: boolean;
}

/** One HTTP exchange on `agent`, resolving with the status and body or the error the client saw. */
export function exchange(
  agent: Agent,
  address: string,
  options: { method: string; path: string; body?: unknown; token?: string },
): Promise<Exchange | { error: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      `${address}${options.path}`,
      {
        agent,
        method: options.method,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, reused: req.reusedSocket }),
        );
      },
    );
    req.on("error", (error) => resolve({ error }));
    req.end(body);
  });
}
