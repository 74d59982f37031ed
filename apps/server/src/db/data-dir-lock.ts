import { spawn } from "node:child_process";
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** The file, directly in DATA_DIR, whose lock says which server owns the embedded database. */
export const dataDirLockFileName = "server.lock";

/** Who holds the lock, as the holder wrote it into the lock file once it had the lock. */
export interface DataDirLockHolder {
  pid: number;
  hostname: string;
  since: string;
}

export interface DataDirLock {
  path: string;
  /**
   * Whether the server that held the directory before this one closed its database and then released the lock saying
   * so. False after a crash, a SIGKILL or a failed close (the lock file still names that holder, or is empty), on a new
   * directory, and after a server of a version that did not record it.
   */
  previousStopClean: boolean;
  /**
   * Ends the lock; call it only after the database in the directory has been closed. `clean` records that it was
   * closed without error, for the next holder's {@link DataDirLock.previousStopClean}.
   */
  release(options?: { clean?: boolean }): void;
}

/** What a holder that closed its database without error leaves in the lock file as it releases the lock. */
interface CleanStopRecord {
  cleanStop: { pid: number; at: string };
}

/** Another server kept the directory for longer than the configured wait. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirLockHolder | null,
    waitedSeconds: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Timetrap server (${describeHolder(holder)}); waited ` +
        `${waitedSeconds} s for it to stop. Stop that server first, or give this one another DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function describeHolder(holder: DataDirLockHolder | null): string {
  if (!holder) return "its process id is not recorded yet";
  return `pid ${holder.pid} on ${holder.hostname === hostname() ? "this host" : `host ${holder.hostname}`}, since ${holder.since}`;
}

/** How often a waiting server tries the lock again. */
const retryMs = 100;

/**
 * Takes the exclusive lock on DATA_DIR/server.lock, waiting up to `waitMs` for the server that holds it.
 *
 * The lock is flock(2) on an open file description of this process. Node has no flock and native addons are not an
 * option, so the flock(1) program takes it on a descriptor it inherits from us: the lock belongs to the shared file
 * description, outlives that short-lived child and lasts until this process closes its descriptor, which the kernel
 * does when the process ends in any way, SIGKILL included. A PID file would need a liveness check that PID reuse and
 * PID namespaces (containers) defeat; a socket bound in the directory leaves a stale file behind that two starting
 * servers could both remove; an abstract socket is invisible across network namespaces, such as two containers
 * sharing one volume. The file is never deleted: a waiter holding a descriptor to a deleted file would lock a file
 * nobody else sees.
 */
export async function lockDataDir(options: {
  dataDir: string;
  waitMs: number;
  /** Told once, when the lock is held by someone else and this server starts waiting. */
  onWait?: (holder: DataDirLockHolder | null) => void;
}): Promise<DataDirLock> {
  const { dataDir, waitMs } = options;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, dataDirLockFileName);
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  let previousStopClean = false;
  try {
    const deadline = Date.now() + waitMs;
    let waiting = false;
    while (!(await tryFlock(fd))) {
      const left = deadline - Date.now();
      if (left <= 0) throw new DataDirLockedError(dataDir, readHolder(path), Math.round(waitMs / 1000));
      if (!waiting) options.onWait?.(readHolder(path));
      waiting = true;
      await sleep(Math.min(retryMs, left));
    }
    previousStopClean = readCleanStop(path);
    const holder: DataDirLockHolder = { pid: process.pid, hostname: hostname(), since: new Date().toISOString() };
    ftruncateSync(fd, 0);
    writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let released = false;
  return {
    path,
    previousStopClean,
    release({ clean = false } = {}) {
      if (released) return;
      released = true;
      // Rewritten while still held, so a stale pid is never shown to the next waiter.
      ftruncateSync(fd, 0);
      if (clean) {
        const record: CleanStopRecord = { cleanStop: { pid: process.pid, at: new Date().toISOString() } };
        writeSync(fd, `${JSON.stringify(record)}\n`, 0);
      }
      closeSync(fd);
    },
  };
}

/** Whether the lock file holds the record a holder leaves when it released the lock after a clean close. */
function readCleanStop(path: string): boolean {
  try {
    const record = JSON.parse(readFileSync(path, "utf8")) as Partial<CleanStopRecord>;
    return typeof record.cleanStop?.pid === "number";
  } catch {
    return false;
  }
}

export function readHolder(path: string): DataDirLockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(path, "utf8")) as Partial<DataDirLockHolder>;
    if (typeof holder.pid !== "number") return null;
    return { pid: holder.pid, hostname: String(holder.hostname ?? "?"), since: String(holder.since ?? "?") };
  } catch {
    return null;
  }
}

/** Runs `flock -x -n 3` on our descriptor: exit 0 took the lock, 1 means another holds it (util-linux and busybox). */
function tryFlock(fd: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawn("flock", ["-x", "-n", "3"], { stdio: ["ignore", "ignore", "pipe", fd] });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              "The flock program, which locks the embedded database's directory, is not installed: install util-linux " +
                "(Debian, Ubuntu, Fedora), busybox (Alpine) or `brew install flock` (macOS), or set DATABASE_URL.",
            )
          : error,
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve(true);
      else if (code === 1 && stderr === "") resolve(false);
      else reject(new Error(`flock failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
