import { writeBackNote, writeBackReference, writeBacksAnswerSchema } from "@timetrap/domain";
import {
  asanaServerEnvOf,
  type FakeAsana,
  type FakeJira,
  type FakePaymo,
  type FakeTodoist,
  jiraServerEnvOf,
  paymoServerEnvOf,
  startFakeAsana,
  startFakeJira,
  startFakePaymo,
  startFakeTodoist,
  todoistServerEnvOf,
} from "@timetrap/fakes";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { jiraCredentialText } from "../../connectors/jira.js";
import { jobs, userIntegrations, users, writeBacks } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization } from "../../test/factories.js";
import { pathOf } from "../../test/integrations.js";
import { request, useTestApp } from "../../test/test-app.js";
import { integrationAad, sealSecret } from "../integrations/secret-box.js";
import { writeBackHeldRetryMs } from "./write-back.service.js";
import { writeBackJob, writeBackMaxAttempts } from "./write-back-rules.js";

const jira = {} as FakeJira;
const paymo = {} as FakePaymo;
const todoist = {} as FakeTodoist;
const asana = {} as FakeAsana;

const t = useTestApp(async () => {
  Object.assign(jira, await startFakeJira());
  Object.assign(paymo, await startFakePaymo());
  Object.assign(todoist, await startFakeTodoist());
  Object.assign(asana, await startFakeAsana());
  return {
    JOBS_WORKER: "off",
    ...jiraServerEnvOf(jira),
    ...paymoServerEnvOf(paymo),
    ...todoistServerEnvOf(todoist),
    ...asanaServerEnvOf(asana),
    CONNECTOR_TIMEOUT_MS: "2000",
  };
});

afterAll(async () => {
  await Promise.all([jira.close?.(), paymo.close?.(), todoist.close?.(), asana.close?.()]);
});

const hour = 3_600_000;
/** 00:30 on Friday 27 November 2026 in Rome: still the 26th in UTC. */
const lateNight = Date.parse("2026-11-26T23:30:00Z");

/** A member of a new organization, in Rome. */
async function person(): Promise<BuiltUser> {
  const built = await buildOrganization(t);
  const member = await addMember(t, built.organization.uid, "member");
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Europe/Rome" } })
    .where(eq(users.id, member.id));
  return member;
}

async function connectWithKey(user: BuiltUser, json: Record<string, unknown>): Promise<void> {
  const response = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${user.id}/integration`,
    token: user.token,
    json,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** The person with Jira connected (an account of their own on the fake site) and an issue assigned to them. */
async function withJira(): Promise<{ user: BuiltUser; key: string }> {
  const user = await person();
  const account = jira.addAccount({ email: user.email });
  await connectWithKey(user, {
    service: "jira",
    auth_token: account.apiToken,
    metadata: { email: user.email, domain: jira.domain },
  });
  const issue = jira.addIssue({ summary: "Fix the invoice export", assignee: user.email });
  return { user, key: issue.key };
}

/** Connects a redirect service through the fake's consent page, Allow pressed. */
async function connectThroughConsent(user: BuiltUser, service: "todoist" | "asana", consent: FakeTodoist | FakeAsana) {
  const started = await request(t.app, { method: "GET", url: `/api/v1/connect/${service}`, token: user.token });
  expect(started.statusCode, started.body).toBe(200);
  const callback = consent.consent((started.json() as { url: string }).url, { email: user.email, allow: true });
  const done = await request(t.app, { method: "GET", url: pathOf(callback) });
  expect(String(done.headers.location)).toContain(`connected=${service}`);
}

/** A block dropped from the tool's panel, then its time confirmed (the event form's PATCH). */
async function completedBlock(
  user: BuiltUser,
  source: string,
  sourceId: string,
  { start = lateNight, seconds = 5400 }: { start?: number; seconds?: number } = {},
): Promise<string> {
  const created = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${user.id}/time-blocking`,
    token: user.token,
    json: { title: "Dropped", start_time: start, end_time: start + hour, source, source_id: sourceId },
  });
  expect(created.statusCode, created.body).toBe(201);
  const eventId = (created.json() as { id: string }).id;
  await changeBlock(user, eventId, { completed: true, elapsed_time: seconds });
  return eventId;
}

async function changeBlock(user: BuiltUser, eventId: string, json: Record<string, unknown>): Promise<void> {
  const response = await request(t.app, {
    method: "PATCH",
    url: `/api/v1/user/${user.id}/time-blocking/${eventId}`,
    token: user.token,
    json,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function rowOf(eventId: string) {
  const [row] = await t.db.select().from(writeBacks).where(eq(writeBacks.eventId, eventId));
  return row!;
}

async function jobsOf(eventId: string) {
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, writeBackJob), sql`${jobs.payload}->>'eventId' = ${eventId}`))
    .orderBy(jobs.createdAt);
}

/** Runs the block's write-back jobs now, its retries' waits skipped. */
async function runNow(eventId: string): Promise<void> {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, writeBackJob), eq(jobs.state, "pending"), sql`${jobs.payload}->>'eventId' = ${eventId}`));
  await t.app.jobs.runDue();
}

const note = (seconds: number, day: string, eventId: string) =>
  writeBackNote(seconds, day, writeBackReference(eventId));

const worklogCalls = () =>
  jira.requests.filter((one) => one.path.includes("/worklog")).map((one) => `${one.method} ${one.status}`);

describe("Jira: a worklog", () => {
  test("completing a block dropped from Jira writes one worklog with its seconds and start, the day in the owner's zone", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    expect((await rowOf(eventId)).state).toBe("pending");
    jira.clearRequests();
    await t.app.jobs.runDue();

    const [worklog, ...others] = jira.worklogs(key);
    expect(others).toEqual([]);
    expect(worklog).toMatchObject({
      timeSpentSeconds: 5400,
      started: "2026-11-26T23:30:00.000+0000",
      commentText: note(5400, "2026-11-27", eventId),
    });
    expect(note(5400, "2026-11-27", eventId)).toBe(`1 h 30 m logged in Timetrap on 27/11/2026 [timetrap:${eventId}]`);
    expect(await rowOf(eventId)).toMatchObject({
      state: "written",
      recordId: worklog!.id,
      writtenSeconds: 5400,
      writtenDate: "2026-11-27",
      lastError: null,
      attempts: 1,
    });
    // Looked for one written before, then wrote it: two calls.
    expect(worklogCalls()).toEqual(["GET 200", "POST 201"]);

    const listed = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${user.id}/write-backs?start_time=${lateNight - hour}&end_time=${lateNight + hour}`,
      token: user.token,
    });
    expect(writeBacksAnswerSchema.parse(listed.json()).write_backs).toEqual([
      expect.objectContaining({
        event_id: eventId,
        service: "jira",
        item_id: key,
        state: "written",
        written_seconds: 5400,
        written_date: "2026-11-27",
      }),
    ]);
  });

  test("one worklog after three failed attempts, one of them after Jira wrote it", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);

    // 1: Jira writes the worklog, and its answer is a 500 (lost).
    jira.failNext(1, { status: 500, method: "POST", path: "/worklog", afterWrite: true });
    await t.app.jobs.runDue();
    expect(jira.worklogs(key)).toHaveLength(1);
    let row = await rowOf(eventId);
    expect(row).toMatchObject({ state: "pending", attempts: 1, recordId: null });
    expect(row.lastError).toMatch(/^Jira API: /);
    const [job] = await jobsOf(eventId);
    expect(job).toMatchObject({ state: "pending", attempts: 1 });
    // The next attempt waits about a minute.
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(40_000);
    expect(job!.runAt.getTime() - Date.now()).toBeLessThan(80_000);

    // 2: rate-limited for longer than the client waits; 3: unavailable, to be asked again in two minutes.
    jira.failNext(1, { status: 429, retryAfter: 3600, method: "GET", path: "/worklog" });
    await runNow(eventId);
    expect(await rowOf(eventId)).toMatchObject({ state: "pending", attempts: 2 });
    jira.failNext(1, { status: 503, retryAfter: 120, method: "GET", path: "/worklog" });
    await runNow(eventId);
    row = await rowOf(eventId);
    expect(row).toMatchObject({ state: "pending", attempts: 3 });
    expect(row.lastError).toMatch(/^Jira API: /);

    // 4: the worklog of the first attempt is found and kept.
    await runNow(eventId);
    const [worklog, ...others] = jira.worklogs(key);
    expect(others).toEqual([]);
    expect(worklog).toMatchObject({ timeSpentSeconds: 5400, commentText: note(5400, "2026-11-27", eventId) });
    expect(await rowOf(eventId)).toMatchObject({
      state: "written",
      recordId: worklog!.id,
      attempts: 4,
      lastError: null,
    });
    expect((await jobsOf(eventId)).map((one) => [one.state, one.attempts])).toEqual([["done", 4]]);
  });

  test("a changed block updates the same worklog, never a second", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    await t.app.jobs.runDue();
    const [first] = jira.worklogs(key);

    await changeBlock(user, eventId, { elapsed_time: 7200 });
    await t.app.jobs.runDue();
    await changeBlock(user, eventId, { start_time: lateNight - 24 * hour, end_time: lateNight - 23 * hour });
    await t.app.jobs.runDue();

    const worklogs = jira.worklogs(key);
    expect(worklogs.map((one) => one.id)).toEqual([first!.id]);
    // A move keeps the logged seconds: the worklog moves to the block's new day with them.
    expect(worklogs[0]).toMatchObject({
      timeSpentSeconds: 7200,
      started: "2026-11-25T23:30:00.000+0000",
      commentText: note(7200, "2026-11-26", eventId),
    });
    expect(await rowOf(eventId)).toMatchObject({
      state: "written",
      recordId: first!.id,
      writtenSeconds: 7200,
      writtenDate: "2026-11-26",
    });

    // Moved within its day, same seconds: the worklog's start follows, on the same worklog.
    await changeBlock(user, eventId, { start_time: lateNight - 23 * hour, end_time: lateNight - 22 * hour });
    await t.app.jobs.runDue();
    expect(jira.worklogs(key)).toEqual([
      expect.objectContaining({ id: first!.id, timeSpentSeconds: 7200, started: "2026-11-26T00:30:00.000+0000" }),
    ]);
    expect(await rowOf(eventId)).toMatchObject({ writtenDate: "2026-11-26" });

    // Nothing changed for the tool: no job, no call.
    jira.clearRequests();
    await changeBlock(user, eventId, { title: "Renamed" });
    await t.app.jobs.runDue();
    expect(jira.requests).toEqual([]);
  });

  test("a worklog deleted in Jira meanwhile is written anew", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    await t.app.jobs.runDue();
    const [first] = jira.worklogs(key);
    jira.deleteWorklog(key, first!.id);

    await changeBlock(user, eventId, { elapsed_time: 4500 });
    jira.clearRequests();
    await t.app.jobs.runDue();
    const [second, ...others] = jira.worklogs(key);
    expect(others).toEqual([]);
    expect(second!.id).not.toBe(first!.id);
    expect(second).toMatchObject({ timeSpentSeconds: 4500 });
    expect(worklogCalls()).toEqual(["PUT 404", "POST 201"]);
    expect(await rowOf(eventId)).toMatchObject({ state: "written", recordId: second!.id, writtenSeconds: 4500 });
  });

  test("with write-back off for Jira the block is off and Jira is not called", async () => {
    const { user, key } = await withJira();
    const off = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${user.id}/integration/jira`,
      token: user.token,
      json: { write_back: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    jira.clearRequests();
    const eventId = await completedBlock(user, "jira", key);
    await t.app.jobs.runDue();
    expect(await rowOf(eventId)).toMatchObject({ state: "off", recordId: null });
    expect(jira.requests).toEqual([]);
    expect(jira.worklogs(key)).toEqual([]);
  });

  test("switched off after the block was queued: the job finds it off and calls nothing", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    await t.db
      .update(userIntegrations)
      .set({ writeBack: false })
      .where(and(eq(userIntegrations.userId, user.id), eq(userIntegrations.service, "jira")));
    jira.clearRequests();
    await t.app.jobs.runDue();
    expect(await rowOf(eventId)).toMatchObject({ state: "off" });
    expect(jira.requests).toEqual([]);
  });

  test("an issue deleted in Jira meanwhile fails at once with Jira's reason; the retry queues it again", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    jira.deleteIssue(key);
    await t.app.jobs.runDue();
    expect(await rowOf(eventId)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: "Jira API: Issue does not exist or you do not have permission to see it.",
    });
    expect((await jobsOf(eventId)).map((one) => one.state)).toEqual(["done"]);

    const retried = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${user.id}/write-backs/${eventId}/retry`,
      token: user.token,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ state: "pending", error: null, attempts: 0 });
    await t.app.jobs.runDue();
    expect(await rowOf(eventId)).toMatchObject({ state: "failed", attempts: 1 });
  });

  test("a refusal fails at once; once the cause is gone, the retry writes it", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    jira.failNext(1, { status: 403, message: "You do not have the permission to log work", method: "POST" });
    await t.app.jobs.runDue();
    expect(await rowOf(eventId)).toMatchObject({
      state: "failed",
      lastError: "Jira API: You do not have the permission to log work",
    });
    expect(jira.worklogs(key)).toEqual([]);

    const retried = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${user.id}/write-backs/${eventId}/retry`,
      token: user.token,
    });
    expect(retried.statusCode).toBe(202);
    await t.app.jobs.runDue();
    expect(jira.worklogs(key)).toHaveLength(1);
    expect(await rowOf(eventId)).toMatchObject({ state: "written", lastError: null });
    const again = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${user.id}/write-backs/${eventId}/retry`,
      token: user.token,
    });
    expect(again.statusCode).toBe(409);
  });

  test("a credential Jira refuses fails at once, and the integration is to be connected again", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    const wrong = jiraCredentialText({ domain: jira.domain, email: user.email, apiToken: "revoked-token" });
    await t.db
      .update(userIntegrations)
      .set({ credential: sealSecret(t.config.integrationsKey, wrong, integrationAad(user.id, "jira")) })
      .where(and(eq(userIntegrations.userId, user.id), eq(userIntegrations.service, "jira")));
    await t.app.jobs.runDue();
    const row = await rowOf(eventId);
    expect(row.state).toBe("failed");
    expect(row.lastError).toMatch(/^Jira must be connected again/);
    const [integration] = await t.db
      .select()
      .from(userIntegrations)
      .where(and(eq(userIntegrations.userId, user.id), eq(userIntegrations.service, "jira")));
    expect(integration!.status).toBe("needs_reconnect");
  });

  test("a 429 storm is retried to the last attempt, then the block shows failed with the last error", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    jira.failNext(writeBackMaxAttempts, { status: 429, retryAfter: 3600, message: "Rate limit exceeded" });
    for (let attempt = 1; attempt <= writeBackMaxAttempts; attempt += 1) {
      await runNow(eventId);
      const row = await rowOf(eventId);
      expect(row.attempts).toBe(attempt);
      expect(row.state).toBe(attempt < writeBackMaxAttempts ? "pending" : "failed");
      expect(row.lastError).toBe("Jira API: Rate limit exceeded");
    }
    expect((await jobsOf(eventId)).map((one) => one.state)).toEqual(["dead"]);
    expect(jira.worklogs(key)).toEqual([]);
  });

  test("a job that finds another run writing the block comes back later, and no call overlaps", async () => {
    const { user, key } = await withJira();
    const eventId = await completedBlock(user, "jira", key);
    const [first] = await jobsOf(eventId);
    // As a run of another worker, under way.
    await t.db
      .update(writeBacks)
      .set({ leaseUntil: sql`now() + interval '1 minute'`, leasedBy: "0b7c4a7e-3f1d-4e9a-9c2b-5d6e7f8a9b0c" })
      .where(eq(writeBacks.eventId, eventId));
    jira.clearRequests();
    await t.app.jobs.runDue();
    expect(jira.requests).toEqual([]);
    const queued = await jobsOf(eventId);
    expect(queued.map((one) => one.state)).toEqual(["done", "pending"]);
    const followUp = queued[1]!;
    expect(followUp.runAt.getTime() - Date.now()).toBeGreaterThan(writeBackHeldRetryMs - 5_000);
    expect((await rowOf(eventId)).jobId).toBe(followUp.id);
    expect(first!.id).not.toBe(followUp.id);

    // That worker died: its lease lapses, and the follow-up writes the block.
    await t.db
      .update(writeBacks)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(writeBacks.eventId, eventId));
    await runNow(eventId);
    expect(jira.worklogs(key)).toHaveLength(1);
    expect(await rowOf(eventId)).toMatchObject({ state: "written", leaseUntil: null, leasedBy: null });
  });
});

describe("Paymo: a time entry", () => {
  test("completing a block dropped from Paymo writes one time entry on the task, and a change updates it", async () => {
    const user = await person();
    const key = paymo.addKey({ email: user.email });
    await connectWithKey(user, { service: "paymo", auth_token: key.apiKey });
    const project = paymo.addProject({ name: "Brand" });
    const task = paymo.addTask({ project_id: project.id, name: "Logo" });
    const eventId = await completedBlock(user, "paymo", String(task.id));
    await t.app.jobs.runDue();
    const [entry, ...others] = paymo.entries(task.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      duration: 5400,
      start_time: "2026-11-26T23:30:00Z",
      description: note(5400, "2026-11-27", eventId),
    });
    expect(await rowOf(eventId)).toMatchObject({ state: "written", recordId: String(entry!.id) });

    await changeBlock(user, eventId, { elapsed_time: 1800 });
    await t.app.jobs.runDue();
    expect(paymo.entries(task.id).map((one) => [one.id, one.duration])).toEqual([[entry!.id, 1800]]);
  });

  test("a task deleted in Paymo meanwhile fails at once with Paymo's reason", async () => {
    const user = await person();
    const key = paymo.addKey({ email: user.email });
    await connectWithKey(user, { service: "paymo", auth_token: key.apiKey });
    const task = paymo.addTask({ project_id: paymo.addProject({ name: "Ops" }).id, name: "Gone" });
    const eventId = await completedBlock(user, "paymo", String(task.id));
    paymo.deleteTask(task.id);
    await t.app.jobs.runDue();
    const row = await rowOf(eventId);
    expect(row.state).toBe("failed");
    expect(row.lastError).toMatch(/^Paymo API: /);
    expect(paymo.entries(task.id)).toEqual([]);
  });
});

describe("Todoist and Asana: a comment", () => {
  test("completing a block dropped from Todoist leaves one comment on the task, edited when the time changes", async () => {
    const user = await person();
    await connectThroughConsent(user, "todoist", todoist);
    const task = todoist.addTask(user.email, { content: "Write the brief" });
    const eventId = await completedBlock(user, "todoist", task.id);
    await t.app.jobs.runDue();
    const written = todoist.comments(task.id).filter((one) => !one.is_deleted);
    expect(written.map((one) => one.content)).toEqual([note(5400, "2026-11-27", eventId)]);

    await changeBlock(user, eventId, { elapsed_time: 2700 });
    await t.app.jobs.runDue();
    const edited = todoist.comments(task.id).filter((one) => !one.is_deleted);
    expect(edited.map((one) => [one.id, one.content])).toEqual([[written[0]!.id, note(2700, "2026-11-27", eventId)]]);
    expect(await rowOf(eventId)).toMatchObject({ state: "written", recordId: written[0]!.id, writtenSeconds: 2700 });
  });

  test("completing a block dropped from Asana leaves one comment story on the task, edited when the time changes", async () => {
    const user = await person();
    await connectThroughConsent(user, "asana", asana);
    const workspace = asana.addWorkspace(user.email, { name: "Studio" });
    const task = asana.addTask(user.email, { name: "Review the copy", workspace: workspace.gid });
    const eventId = await completedBlock(user, "asana", task.gid);
    await t.app.jobs.runDue();
    const comments = () => asana.stories(task.gid).filter((one) => one.type === "comment");
    const [story, ...others] = comments();
    expect(others).toEqual([]);
    expect(story!.text).toBe(note(5400, "2026-11-27", eventId));

    await changeBlock(user, eventId, { elapsed_time: 3600 });
    await t.app.jobs.runDue();
    expect(comments().map((one) => [one.gid, one.text])).toEqual([[story!.gid, note(3600, "2026-11-27", eventId)]]);
  });
});
