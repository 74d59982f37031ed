import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildOrganization } from "../test/factories.js";
import { request, useTestApp } from "../test/test-app.js";

/**
 * The client test: a TypeScript client generated from the served document (openapi-typescript's types,
 * openapi-fetch's client) type-checks and runs a journey under a personal access token, from a customer to the
 * reports. The journey is `.journey/journey.ts`, written as a client would write it; here it is copied next to the
 * generated types, checked with the repository's TypeScript, then run against the app listening on a real port.
 */

const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const journeySource = fileURLToPath(new URL("./.journey/journey.ts", import.meta.url));
const tsc = join(repositoryRoot, "node_modules/.bin/tsc");
/** openapi-fetch's folder, as this package resolves it, linked into the check's `node_modules` as a client's would be. */
const openapiFetchDir = dirname(dirname(createRequire(import.meta.url).resolve("openapi-fetch")));

/** What the test reads of the journey's answers (`JourneyAnswers` in the journey, which the server's tsc never sees). */
interface JourneyAnswers {
  userId: string;
  organizationId: string;
  customer: { uid: string; nominative: string };
  project: { uid: string; title: string; customerId: string | null };
  task: { uid: string; name: string; projectId: string | null };
  block: { id: string; title: string; projectId: string | null; taskId: string | null; elapsedTime: number };
  week: Array<{ id: string; title: string; projectTitle: string | null; taskName: string | null }>;
  timesheet: Array<{ projectId: string | null; customerId: string | null; workLog: number }>;
  userReport: { workLog: number; days: Array<{ date: string; workLog: number }> };
  projectReport: { total: number; totalElapsedTime: number; entryIds: string[] };
}
type RunJourney = (options: { baseUrl: string; token: string }) => Promise<JourneyAnswers>;

const t = useTestApp();
let baseUrl: string;
let checkDir: string;

beforeAll(async () => {
  // openapi-fetch calls `fetch`: the app listens on a real port, beside `inject`.
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  checkDir = mkdtempSync(join(tmpdir(), "timetrap-client-"));
});
afterAll(() => {
  if (checkDir) rmSync(checkDir, { recursive: true, force: true });
});

/** A small client project: the generated types, the journey, openapi-fetch, and a strict tsconfig. */
async function writeClientProject(documentText: string): Promise<void> {
  const ast = await openapiTS(documentText, { silent: true });
  writeFileSync(join(checkDir, "schema.ts"), astToString(ast));
  copyFileSync(journeySource, join(checkDir, "journey.ts"));
  mkdirSync(join(checkDir, "node_modules"));
  symlinkSync(openapiFetchDir, join(checkDir, "node_modules/openapi-fetch"), "dir");
  writeFileSync(join(checkDir, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(
    join(checkDir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        verbatimModuleSyntax: true,
        target: "es2023",
        lib: ["es2023", "dom"],
        types: [],
        module: "nodenext",
        moduleResolution: "nodenext",
        noEmit: true,
      },
      files: ["journey.ts", "schema.ts"],
    }),
  );
}

/** `tsc -p` on the client project: its exit code and everything it printed. */
async function typeCheck(): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsc, ["-p", checkDir, "--pretty", "false"], {
      cwd: checkDir,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

test("a client generated from the served document type-checks and runs a journey under an access token", async () => {
  const owner = (await buildOrganization(t, { name: "Journey Org" })).owner;
  const made = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/tokens",
    token: owner.token,
    json: { name: "Journey script", expires_in_days: 30, scope: "write" },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { token } = made.json() as { token: string };
  expect(token).toMatch(/^tt_pat_/);

  const served = await fetch(`${baseUrl}/api/v1/openapi.json`);
  expect(served.status).toBe(200);
  await writeClientProject(await served.text());

  const checked = await typeCheck();
  expect(checked.output).toBe("");
  expect(checked.code).toBe(0);

  // The journey as committed (the copy that was checked is the same file); a computed specifier, so that the
  // server's tsc does not follow it to the generated types it cannot see.
  const journeyModule = new URL("./.journey/journey.ts", import.meta.url).href;
  const { runJourney } = (await import(/* @vite-ignore */ journeyModule)) as { runJourney: RunJourney };
  const answers = await runJourney({ baseUrl, token });

  expect(answers.userId).toBe(owner.id);
  expect(answers.customer.nominative).toBe("Journey Customer");
  expect(answers.project).toMatchObject({ title: "Journey Project", customerId: answers.customer.uid });
  expect(answers.task).toMatchObject({ name: "Journey Task", projectId: answers.project.uid });
  expect(answers.block).toMatchObject({
    title: "Journey Block",
    projectId: answers.project.uid,
    taskId: answers.task.uid,
    elapsedTime: 5_400,
  });
  expect(answers.week).toEqual([
    { id: answers.block.id, title: "Journey Block", projectTitle: "Journey Project", taskName: "Journey Task" },
  ]);
  expect(answers.timesheet).toEqual([
    { projectId: answers.project.uid, customerId: answers.customer.uid, workLog: expect.any(Number) },
  ]);
  expect(answers.timesheet[0]!.workLog).toBeGreaterThan(0);
  expect(answers.userReport.workLog).toBeGreaterThan(0);
  expect(answers.userReport.days.filter((entry) => entry.workLog > 0).map((entry) => entry.date)).toEqual([
    "2026-03-10",
  ]);
  expect(answers.projectReport).toEqual({ total: 1, totalElapsedTime: 5_400, entryIds: [answers.block.id] });
});
