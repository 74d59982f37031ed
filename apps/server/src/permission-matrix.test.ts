import type { RouteOptions } from "fastify";
import { beforeAll, describe, expect, test } from "vitest";
import { rateLimitCounters } from "./db/schema.js";
import { buildFixture, type Caller, callers, type Fixture } from "./test/permission-matrix/fixture.js";
import { expectedStatus, type MatrixRow, matrix, type Prepared } from "./test/permission-matrix/matrix.js";
import { request, snapshot, snapshotTableNames, useTestApp } from "./test/test-app.js";

/** Every route the app registers, as Fastify announces it: hidden ones too, which the OpenAPI document leaves out. */
const registered: Array<{ method: string; url: string }> = [];

const t = useTestApp(
  // No worker: a job an earlier row queued (a project's alerts check, a write-back) must not write between a refused
  // call's before and after.
  { JOBS_WORKER: "off" },
  {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  },
);
let f: Fixture;

beforeAll(async () => {
  f = await buildFixture(t);
}, 60_000);

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("the permission matrix covers every route", () => {
  test("every API route the app registers has a row", () => {
    const rows = new Set(matrix.map((row) => key(row.method, row.path)));
    // HEAD answers every GET the same way (Fastify adds it), and the documentation under /api/docs is public.
    const routes = registered
      .filter(({ method, url }) => method !== "HEAD" && url.startsWith("/api/") && !url.startsWith("/api/docs"))
      .map(({ method, url }) => key(method, openApiPath(url)));
    expect(routes.length).toBeGreaterThan(100);
    expect(
      routes.filter((route) => !rows.has(route)),
      "routes without a row in the permission matrix",
    ).toEqual([]);
  });

  test("every route of the OpenAPI document has a row, and every row names a route of it", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/docs/json" });
    const document = response.json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => key(method, path)),
    );
    const rows = matrix.map((row) => key(row.method, row.path));
    expect(
      documented.filter((route) => !rows.includes(route)),
      "routes without a row",
    ).toEqual([]);
    expect(
      rows.filter((route) => !documented.includes(route)),
      "rows naming no route",
    ).toEqual([]);
    expect(
      rows.filter((route, index) => rows.indexOf(route) !== index),
      "routes with two rows",
    ).toEqual([]);
  });
});

/** The tables `snapshot` reads, in its order, less the limits' counters that every attempt writes whatever its outcome. */
const tableNames = snapshotTableNames({ except: [rateLimitCounters] });

const isSuccess = (expected: number | "2xx") => expected === "2xx" || expected < 300;

function tokenOf(caller: Caller, prepared: { token?: string }): string | undefined {
  switch (caller) {
    case "anonymous":
      return undefined;
    case "wrongKey":
    case "algNone":
      return f.forged[caller];
    default:
      return prepared.token ?? f.users[caller].token;
  }
}

function send(row: MatrixRow, caller: Caller, prepared: Prepared) {
  const token = tokenOf(caller, prepared);
  return request(t.app, {
    method: row.method,
    url: prepared.url,
    ...(token ? { token } : {}),
    ...(prepared.body === undefined ? {} : { json: prepared.body }),
    ...(prepared.remoteAddress ? { remoteAddress: prepared.remoteAddress } : {}),
  });
}

/** What went wrong with one caller's answer, or nothing. */
function check(row: MatrixRow, caller: Caller, response: { statusCode: number; body: string }): string[] {
  const expected = expectedStatus(row, caller);
  const problems: string[] = [];
  const matches =
    expected === "2xx" ? response.statusCode >= 200 && response.statusCode < 300 : response.statusCode === expected;
  if (!matches)
    problems.push(`${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
  const outside = caller === "outsider" || caller === "anonymous" || caller === "wrongKey" || caller === "algNone";
  if (outside) {
    const leaked = f.secrets().filter((secret) => response.body.includes(secret));
    if (leaked.length > 0) problems.push(`${caller}: the answer carries the organization's ${leaked.join(", ")}`);
  }
  if (expected === 403 && (row.rule.kind === "right" || row.rule.kind === "self-or-right")) {
    const right = row.rule.right;
    if (!response.body.includes(`right to ${right}`)) problems.push(`${caller}: the 403 does not name "${right}"`);
  }
  return problems;
}

describe("the permission matrix", () => {
  test.each(matrix.map((row) => [key(row.method, row.path), row] as const))("%s", async (_name, row) => {
    const refused = callers.filter((caller) => !isSuccess(expectedStatus(row, caller)));
    const allowed = callers.filter((caller) => isSuccess(expectedStatus(row, caller)));
    const problems: string[] = [];

    // The refused calls go first, while everything they name exists, and together: nothing may change.
    const prepared: Array<{ caller: Caller; made: Prepared }> = [];
    for (const caller of refused) prepared.push({ caller, made: await row.prepare(f, caller) });
    const guarded = refused.length > 0 && row.method !== "GET";
    const before = guarded ? await snapshot(t.db, { except: [rateLimitCounters] }) : [];
    for (const { caller, made } of prepared) problems.push(...check(row, caller, await send(row, caller, made)));
    if (guarded) {
      const after = await snapshot(t.db, { except: [rateLimitCounters] });
      const changed = tableNames.filter(
        (_name, index) => JSON.stringify(after[index]) !== JSON.stringify(before[index]),
      );
      if (changed.length > 0) problems.push(`a refused call changed ${changed.join(", ")}`);
    }

    // Each call that may succeed gets what it needs made anew, so a delete never finds its target gone.
    for (const caller of allowed)
      problems.push(...check(row, caller, await send(row, caller, await row.prepare(f, caller))));

    expect(problems).toEqual([]);
  });
});
