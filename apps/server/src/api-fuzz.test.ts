import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { type FakeJwks, type FakePaymo, paymoServerEnvOf, startFakeJwks, startFakePaymo } from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "./db/schema.js";
import {
  awkwardNumbers,
  awkwardStrings,
  broken,
  deepJson,
  type JsonSchema,
  type Parameter,
  type Random,
  randomSource,
  type ValueContext,
  valid,
  wrongValue,
} from "./test/fuzz/schema-values.js";
import { buildFixture, type Fixture } from "./test/permission-matrix/fixture.js";
import { request, useTestApp } from "./test/test-app.js";

/**
 * Requests made from the OpenAPI document's schemas, then broken, sent with an admin's token: whatever they carry,
 * the answer is never a 5xx and never shows a stack trace or SQL. `FUZZ_SEED` replays a run, `FUZZ_REQUESTS` sets
 * its length.
 */
// CI replays one seed, so a submission's result does not depend on the draw; a developer's run draws a new one each
// time and explores further.
const seed = Number(process.env.FUZZ_SEED ?? (process.env.CI ? 20_261_125 : Date.now() % 2 ** 31));
const total = Number(process.env.FUZZ_REQUESTS ?? 5_000);

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

/** What an answer to bad input must never show: stack frames, source paths, SQL or the database's own words. */
const leaks: Array<[string, RegExp]> = [
  ["a stack frame", /\bat [\w.<>]+ \(|\bat (file:\/\/|\/)\S+:\d+:\d+/],
  ["a source path", /node_modules|\/src\/\S+\.[jt]s\b|\.[jt]s:\d+:\d+/],
  ["SQL", /\b(select\s.+\sfrom|insert into|update\s+"?\w+"?\s+set|delete from)\b/i],
  [
    "a database error",
    /violates (not-null|foreign key|unique|check) constraint|duplicate key value|syntax error at or near|invalid input (syntax|value) for|out of range for type|value too long for type|numeric field overflow|relation "\w+"|column "\w+"|\bPGlite\b|\bdrizzle\b/i,
  ],
];

let jwks: FakeJwks;
// Google sign-in configured against the fake key set, so that its route is fuzzed rather than "not configured".
/** ARCHITECTURE.md "Wire format": every answer that is not a success is `{statusCode, error, code, ErrorMessage}`. */
function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return (
      typeof body.statusCode === "number" && typeof body.code === "string" && typeof body.ErrorMessage === "string"
    );
  } catch {
    return false;
  }
}

// Paymo is the fake Paymo, so that a key the fuzz posts is checked there (and refused) rather than at Paymo itself.
let paymo: FakePaymo;
const t = useTestApp(async () => {
  jwks = await startFakeJwks();
  paymo = await startFakePaymo();
  return { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwks.url, ...paymoServerEnvOf(paymo) };
});
afterAll(() => Promise.all([jwks?.close(), paymo?.close()]));
let f: Fixture;
let operations: Operation[];
let components: Record<string, JsonSchema>;

beforeAll(async () => {
  f = await buildFixture(t);
  const response = await request(t.app, { method: "GET", url: "/api/docs/json" });
  const document = response.json() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  components = document.components?.schemas ?? {};
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.["application/json"]?.schema ?? null,
    })),
  );
}, 60_000);

/** Ids that exist in the fixture, by the path segment before the parameter, so many requests reach real rows. */
function idsFor(segment: string): string[] {
  const byName: Record<string, string[]> = {
    organization: [f.orgId],
    user: [f.users.admin.id, f.target.id],
    project: [f.projectId],
    task: [f.taskId],
    customer: [f.customerId],
    role: [f.spareRoleId],
    contract: [f.contractId],
    overheads: [f.overheadId],
    "projects-workflows": [f.workflowId],
    "task-category": [f.taskCategoryId],
    "project-category": [f.projectCategoryId],
    "project-area": [f.projectAreaId],
    expense: [f.expenseId],
    note: [f.noteId],
    links: [f.linkId],
    updates: [f.updateId],
    invitation: [f.invitationId],
    invitations: [f.invitationId],
    "time-blocking": [f.eventId, f.seriesEventId],
    recurrence: [f.recurrenceId],
    "holiday-groups": [f.holidayGroupId],
    "time-off-kinds": [f.kindId],
    "time-off-allowances": [f.kindId],
  };
  return byName[segment] ?? [];
}

const allIds = () => [
  f.orgId,
  f.users.admin.id,
  f.target.id,
  f.projectId,
  f.taskId,
  f.customerId,
  f.eventId,
  f.recurrenceId,
  f.contractId,
  f.taskCategoryId,
];

function context(random: Random): ValueContext {
  return {
    random,
    ids: allIds(),
    idsNamed: idsNamed,
    resolve: (ref) => components[ref.replace("#/components/schemas/", "")] ?? {},
  };
}

function idsNamed(name: string): string[] {
  const people = [f.users.admin.id, f.target.id];
  const byName: Record<string, string[]> = {
    customer_id: [f.customerId],
    project_manager_id: people,
    salesaccount: people,
    responsible: people,
    accountable: people,
    consulted: people,
    informed: people,
    userId: people,
    projectId: [f.projectId],
    project_id: [f.projectId],
    categoryId: [f.taskCategoryId],
    category_id: [f.taskCategoryId, f.projectCategoryId],
    area_id: [f.projectAreaId],
    status_id: [f.workflowId],
    task_linked_id: [f.taskId],
    time_blocking_event_id: [f.eventId],
    recurrence_id: [f.recurrenceId],
    parentId: [f.taskId],
    role_id: [f.memberRoleId, f.spareRoleId],
    organization_role_id: [f.memberRoleId],
    user_id: people,
  };
  return byName[name] ?? [];
}

/** A path parameter: mostly an id that exists where it stands, sometimes anything at all. */
function pathValue(random: Random, segment: string): string {
  const ids = idsFor(segment);
  if (ids.length > 0 && random.chance(0.9)) return random.pick(ids);
  return random.pick([
    ...awkwardStrings.filter((value) => value !== "" && !value.includes("\u0000")),
    random.pick(allIds()),
    "x".repeat(300),
    "%00",
    "%FF%FE",
    "a%2Fb",
  ]);
}

/** A lone surrogate cannot be percent-encoded; it goes as the bytes of an invalid sequence instead. */
function encode(text: string, encoder: (text: string) => string = encodeURIComponent): string {
  try {
    return encoder(text);
  } catch {
    return "%ED%A0%80";
  }
}

function queryString(random: Random, parameters: Parameter[], values: ValueContext): string {
  const parts: string[] = [];
  for (const parameter of parameters.filter((p) => p.in === "query")) {
    const roll = random.next();
    if (roll < 0.1 && parameter.required) continue;
    if (roll < 0.3 && !parameter.required) continue;
    const value = roll < 0.7 ? valid(parameter.schema, values, 0, parameter.name) : wrongValue(random);
    const text = typeof value === "string" ? value : JSON.stringify(value);
    parts.push(`${parameter.name}=${encode(text ?? "")}`);
    if (random.chance(0.05)) parts.push(`${parameter.name}=${encode(String(random.pick(awkwardNumbers)))}`);
  }
  if (random.chance(0.05)) parts.push(`unknown=${encode(random.pick(awkwardStrings))}`);
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

/** One request for an operation: mostly a valid body with one part broken, sometimes broken as a whole. */
function requestFor(random: Random, operation: Operation): InjectOptions & { url: string; describe: string } {
  const values = context(random);
  const segments = operation.path.split("/");
  const url =
    segments
      .map((segment, index) => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!name) return segment;
        // Escapes sent as they are ("%00", "%FF%FE") reach the router raw, as a client could send them.
        return encode(pathValue(random, segments[index - 1] ?? ""), encodeURI).replace(/%25/g, "%");
      })
      .join("/") + queryString(random, operation.parameters, values);
  const base = { method: operation.method as InjectOptions["method"], url };
  const describe = `${operation.method} ${operation.path}`;
  if (!operation.body) {
    // A body where none is expected, now and then.
    return random.chance(0.1)
      ? { ...base, describe, payload: { stray: random.pick(awkwardStrings) } }
      : { ...base, describe };
  }
  const json = { "content-type": "application/json" };
  switch (random.int(0, 19)) {
    case 0:
      return {
        ...base,
        describe,
        headers: json,
        payload: random.pick(['{"a":', "{", "[1,", "nul", '{"a":1}}', "\u0000", "'x'"]),
      };
    case 1:
      return { ...base, describe, headers: json, payload: deepJson(random.pick([60, 500, 5_000])) };
    case 2:
      return {
        ...base,
        describe,
        headers: {
          "content-type": random.pick([
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/xml",
            "application/json; charset=latin1",
          ]),
        },
        payload: "a=1&b=2",
      };
    case 3:
      return { ...base, describe, headers: json, payload: JSON.stringify(wrongValue(random)) };
    case 4:
      return { ...base, describe, headers: json, payload: '{"amount":1e999,"start_time":-1e999,"budget":1e400}' };
    case 5:
      return { ...base, describe };
    default: {
      const body = valid(operation.body, values);
      const payload = random.chance(0.25) ? body : broken(body, operation.body, values);
      return { ...base, describe, headers: json, payload: JSON.stringify(payload) ?? "null" };
    }
  }
}

/**
 * Now and then a header the client chose badly: an encoding list the compression must negotiate, an Accept a route
 * may answer in CSV, or an Authorization that is not the admin's token (which then replaces it).
 */
function oddHeaders(random: Random): Record<string, string> {
  if (!random.chance(0.15)) return {};
  const token = f.users.admin.token;
  switch (random.int(0, 2)) {
    case 0:
      return {
        "accept-encoding": random.pick([
          "br;q=NaN",
          "gzip;q=-1, br;q=2",
          "*",
          "identity;q=0",
          "*;q=0",
          ",,,;q=",
          "gzip, deflate, br, zstd",
          "br;q=0.5;q=1",
          "x".repeat(5_000),
        ]),
      };
    case 1:
      return { accept: random.pick(["text/csv", "*/*;q=bad", "application/xml", "text/csv;q=0, */*", ""]) };
    default:
      return {
        authorization: random.pick([
          "Bearer",
          "Bearer a.b.c",
          `Bearer ${token}x`,
          `Bearer ${token.slice(0, -2)}`,
          "Basic Zm9vOmJhcg==",
          `Bearer ${"a".repeat(10_000)}`,
          `bearer ${token}`,
          `Bearer ${token} ${token}`,
        ]),
      };
  }
}

/** The answer as text, uncompressed when the server compressed it. */
function textOf(response: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }): string {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload).toString("utf8");
  if (encoding === "gzip") return gunzipSync(response.rawPayload).toString("utf8");
  return response.body;
}

/** A session for the admin again when a request ended it (a logout, a status change), so the run keeps its depth. */
async function revive(): Promise<void> {
  const [row] = await t.db.update(users).set({ status: "active" }).where(eq(users.id, f.users.admin.id)).returning();
  f.users.admin = {
    ...f.users.admin,
    ...(await f.newSession({ ...f.users.admin, passwordVersion: row!.passwordVersion })),
  };
}

test(`${total} requests made from the OpenAPI schemas and broken answer no 5xx and show no stack or SQL`, async () => {
  const random = randomSource(seed);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (let index = 0; index < total && failures.length < 10; index++) {
    const { describe, ...options } = requestFor(random, random.pick(operations));
    const headers = { ...(options.headers as Record<string, string> | undefined), ...oddHeaders(random) };
    const response = await request(t.app, { ...options, headers, token: f.users.admin.token });
    const body = textOf(response);
    const sample = `#${index} ${describe} → ${response.statusCode}: ${options.method} ${options.url.slice(0, 200)} ${JSON.stringify(headers).slice(0, 200)} ${String(options.payload ?? "").slice(0, 300)}\n  ${body.slice(0, 400)}`;
    if (response.statusCode >= 500) failures.push(sample);
    else if (response.statusCode >= 400 && !isErrorBody(body)) failures.push(`${sample}\n  is not an error body`);
    else {
      const shown = leaks.filter(([, pattern]) => pattern.test(body)).map(([what]) => what);
      if (shown.length > 0) failures.push(`${sample}\n  shows ${shown.join(", ")}`);
    }
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode === 401 && !headers.authorization) await revive();
  }
  const replay = `FUZZ_SEED=${seed} FUZZ_REQUESTS=${total} replays this run`;
  expect(failures, replay).toEqual([]);
  // Requests that all stopped at the validator would prove nothing about the services and the database behind it.
  const succeeded = [...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
  expect(succeeded, `${replay}; answers by status: ${JSON.stringify(Object.fromEntries(statuses))}`).toBeGreaterThan(
    total / 20,
  );
}, 180_000);
