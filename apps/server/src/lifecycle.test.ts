import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config.js";
import type { DatabaseHandle } from "./db/database.js";
import { startServer } from "./lifecycle.js";
import { openTestDatabase } from "./test/test-database.js";

const dataDir = mkdtempSync(join(tmpdir(), "timetrap-lifecycle-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("startServer", () => {
  test("serves on a port, and on stop finishes the request in flight, refuses new ones and closes the database", async () => {
    const database = await openTestDatabase();
    let closed = false;
    const tracked: DatabaseHandle = {
      ...database,
      close: async () => {
        closed = true;
        await database.close();
      },
    };
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      AUTH_SECRET: "lifecycle-secret-lifecycle-secret-lifecycle",
    });
    const server = await startServer(config, { database: tracked });
    expect(server.address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.address}/api/v1/config`)).status).toBe(200);

    // Sign-up hashes a password, so it is still running when the stop begins.
    const arrived = new Promise((resolve) => server.app.server.once("request", resolve));
    const inFlight = fetch(`${server.address}/api/v1/auth/basic/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "late@example.com", password: "a long password", nominative: "Late" }),
    });
    await arrived;
    const stopped = server.stop("test");

    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(response.headers.get("connection")).toBe("close");
    await stopped;
    expect(closed).toBe(true);
    await expect(fetch(`${server.address}/api/v1/config`)).rejects.toThrow();
  });
});
