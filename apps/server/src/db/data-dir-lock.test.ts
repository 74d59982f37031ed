import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { serverPackageRoot } from "../config.js";
import { DataDirLockedError, type DataDirLockHolder, lockDataDir } from "./data-dir-lock.js";

const root = mkdtempSync(join(tmpdir(), "timetrap-lock-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const freshDir = () => join(root, `dir-${++count}`);

describe("lockDataDir", () => {
  test("records the holder in the lock file and clears it on release", async () => {
    const dataDir = freshDir();
    const lock = await lockDataDir({ dataDir, waitMs: 0 });
    expect(JSON.parse(readFileSync(lock.path, "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(readFileSync(lock.path, "utf8")).toBe("");
  });

  test("tells the next holder whether the previous one released the lock after a clean close", async () => {
    const dataDir = freshDir();
    const first = await lockDataDir({ dataDir, waitMs: 0 });
    // A new directory has no clean stop to speak of.
    expect(first.previousStopClean).toBe(false);
    first.release({ clean: true });
    expect(JSON.parse(readFileSync(first.path, "utf8"))).toEqual({
      cleanStop: { pid: process.pid, at: expect.any(String) },
    });

    const second = await lockDataDir({ dataDir, waitMs: 0 });
    expect(second.previousStopClean).toBe(true);
    // The record is replaced by the new holder's at once, so a crash of this one is never taken for a clean stop.
    expect(JSON.parse(readFileSync(second.path, "utf8"))).toMatchObject({ pid: process.pid });
    // Released without saying the close was clean (it failed, or the caller cannot tell).
    second.release();

    const third = await lockDataDir({ dataDir, waitMs: 0 });
    expect(third.previousStopClean).toBe(false);
    third.release({ clean: true });
  });

  test("a second holder waits for the configured time, then fails naming the holder's pid", async () => {
    const dataDir = freshDir();
    const first = await lockDataDir({ dataDir, waitMs: 0 });
    const seen: Array<DataDirLockHolder | null> = [];
    const started = Date.now();
    const second = lockDataDir({ dataDir, waitMs: 400, onWait: (holder) => seen.push(holder) });
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(`pid ${process.pid} on this host`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(seen).toEqual([expect.objectContaining({ pid: process.pid })]);
    first.release();
  });

  test("a waiting holder takes the lock as soon as the first one releases it", async () => {
    const dataDir = freshDir();
    const first = await lockDataDir({ dataDir, waitMs: 0 });
    const second = lockDataDir({ dataDir, waitMs: 10_000 });
    setTimeout(() => first.release(), 300);
    const started = Date.now();
    const lock = await second;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(JSON.parse(readFileSync(lock.path, "utf8"))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  test("is released by the kernel when the process holding it is killed with SIGKILL", async () => {
    const dataDir = freshDir();
    const moduleUrl = new URL("./data-dir-lock.ts", import.meta.url).href;
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { lockDataDir } = await import(${JSON.stringify(moduleUrl)});
         await lockDataDir({ dataDir: ${JSON.stringify(dataDir)}, waitMs: 0 });
         process.stdout.write("locked\\n");
         setInterval(() => {}, 1000);`,
      ],
      { cwd: serverPackageRoot, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve) => holder.stdout.on("data", () => resolve()));
    await expect(lockDataDir({ dataDir, waitMs: 0 })).rejects.toThrow(`pid ${holder.pid} on this host`);

    holder.kill("SIGKILL");
    const started = Date.now();
    const lock = await lockDataDir({ dataDir, waitMs: 10_000 });
    expect(Date.now() - started).toBeLessThan(2000);
    // The killed holder's record is still in the file: not a clean stop.
    expect(lock.previousStopClean).toBe(false);
    lock.release();
  });
});
