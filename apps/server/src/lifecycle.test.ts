import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { loadConfig } from "./config.js";
import type { DatabaseHandle } from "./db/database.js";
import { idleConnectionGraceMs, startServer } from "./lifecycle.js";
import { type Exchange, exchange } from "./test/server-process.js";
import { openTestDatabase } from "./test/test-database.js";

const dataDir = mkdtempSync(join(tmpdir(), "timetrap-lifecycle-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function testConfig() {
  return loadConfig({
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "lifecycle-secret-lifecycle-secret-lifecycle",
  });
}

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
    const server = await startServer(testConfig(), { database: tracked });
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

  test("a stop answers what arrives on kept-alive connections with Connection: close and resets none of them", async () => {
    const server = await startServer(testConfig(), { database: await openTestDatabase() });
    const busy = new Agent({ keepAlive: true, maxSockets: 4 });
    const idle = new Agent({ keepAlive: true, maxSockets: 2 });
    const get = (agent: Agent) => exchange(agent, server.address, { method: "GET", path: "/api/v1/config" });
    // Two connections that sit idle when the stop begins.
    await Promise.all([get(idle), get(idle)]);

    let stopping = false;
    const answeredWhileStopping: Exchange[] = [];
    const errors: string[] = [];
    const lane = async () => {
      for (;;) {
        const sentWhileStopping = stopping;
        const result = await get(busy);
        if ("error" in result) {
          // A new connection after the listener closed is refused; an open one must never be cut under a request.
          if (result.error.code !== "ECONNREFUSED") errors.push(`${result.error.code} ${result.error.message}`);
          return;
        }
        if (sentWhileStopping) answeredWhileStopping.push(result);
      }
    };
    const lanes = [lane(), lane(), lane(), lane()];
    await new Promise((resolve) => setTimeout(resolve, 200));

    stopping = true;
    const stopped = server.stop("test");
    // The idle connections bring one more request each, within the grace the stop gives them.
    await new Promise((resolve) => setTimeout(resolve, idleConnectionGraceMs / 3));
    const late = await Promise.all([get(idle), get(idle)]);
    await Promise.all(lanes);
    await stopped;
    busy.destroy();
    idle.destroy();

    expect(errors).toEqual([]);
    for (const result of late) {
      expect(result).toMatchObject({ status: 200, reused: true, headers: { connection: "close" } });
    }
    for (const result of answeredWhileStopping) {
      expect(result).toMatchObject({ status: 200, headers: { connection: "close" } });
    }
  });
});
