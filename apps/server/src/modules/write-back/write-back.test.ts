import { type Integration, type WriteBack, writeBackSchema, writeBacksAnswerSchema } from "@timetrap/domain";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { jobs, userIntegrations, users, writeBacks } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization } from "../../test/factories.js";
import { insertIntegration } from "../../test/integrations.js";
import { request, snapshot, type TestApp, useTestApp } from "../../test/test-app.js";
import { writeBackJob } from "./write-back-rules.js";

const t = useTestApp({ JOBS_WORKER: "off" });

const hour = 3_600_000;

/** A member of a new organization, in Rome, with a colleague and, in another organization, a stranger. */
async function people(): Promise<{ person: BuiltUser; colleague: BuiltUser; stranger: BuiltUser }> {
  const built = await buildOrganization(t);
  const person = await addMember(t, built.organization.uid, "member");
  await t.db
    .update(users)
    .set({ preferences: { timeZone: "Europe/Rome" } })
    .where(eq(users.id, person.id));
  const stranger = (await buildOrganization(t)).owner;
  return { person, colleague: built.owner, stranger };
}

/** One of the person's blocks, as dropped from a side panel (one hour, `source` and `source_id`), ended an hour ago. */
async function dropBlock(
  app: TestApp,
  person: BuiltUser,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; start_time: number; recurrence_id: string | null }> {
  const start = Date.now() - 3 * hour;
  const response = await request(app.app, {
    method: "POST",
    url: `/api/v1/user/${person.id}/time-blocking`,
    token: person.token,
    json: {
      title: "PROJ-1 Fix the invoice export",
      start_time: start,
      end_time: start + hour,
      event_type: "activity",
      source: "jira",
      source_id: "PROJ-1",
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; start_time: number; recurrence_id: string | null };
}

async function patchBlock(app: TestApp, person: BuiltUser, eventId: string, json: Record<string, unknown>) {
  const response = await request(app.app, {
    method: "PATCH",
    url: `/api/v1/user/${person.id}/time-blocking/${eventId}`,
    token: person.token,
    json,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; start_time: number; end_time: number };
}

/** Confirm time in the event form: completed, with the seconds logged. */
const confirmTime = (app: TestApp, person: BuiltUser, eventId: string, seconds = 3600) =>
  patchBlock(app, person, eventId, { completed: true, elapsed_time: seconds });

async function rowOf(eventId: string) {
  const [row] = await t.db.select().from(writeBacks).where(eq(writeBacks.eventId, eventId));
  return row;
}

/** The write-back jobs queued for a block, oldest first. */
async function jobsOf(eventId: string) {
  return t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, writeBackJob), sql`${jobs.payload}->>'eventId' = ${eventId}`))
    .orderBy(jobs.createdAt);
}

const listWriteBacks = (app: TestApp, caller: BuiltUser, userId: string, query: string) =>
  request(app.app, { method: "GET", url: `/api/v1/user/${userId}/write-backs?${query}`, token: caller.token });

const retry = (app: TestApp, caller: BuiltUser, userId: string, eventId: string) =>
  request(app.app, {
    method: "POST",
    url: `/api/v1/user/${userId}/write-backs/${eventId}/retry`,
    token: caller.token,
  });

const setSwitch = (app: TestApp, caller: BuiltUser, userId: string, service: string, json: unknown) =>
  request(app.app, {
    method: "PATCH",
    url: `/api/v1/user/${userId}/integration/${service}`,
    token: caller.token,
    json,
  });

const aroundNow = () => `start_time=${Date.now() - 24 * hour}&end_time=${Date.now() + hour}`;

describe("a save queues the write-back", () => {
  test("confirming the time of a block dropped from Jira queues one job in the same save, and the block is pending", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    expect(await rowOf(block.id)).toBeUndefined();

    await confirmTime(t, person, block.id, 5400);
    const row = await rowOf(block.id);
    expect(row).toMatchObject({ state: "pending", service: "jira", itemId: "PROJ-1", attempts: 0, recordId: null });
    const queued = await jobsOf(block.id);
    expect(queued.map((job) => [job.state, job.payload, job.id])).toEqual([
      ["pending", { eventId: block.id }, row!.jobId],
    ]);

    const listed = await listWriteBacks(t, person, person.id, aroundNow());
    expect(listed.statusCode, listed.body).toBe(200);
    expect(writeBacksAnswerSchema.parse(listed.json()).write_backs).toEqual([
      expect.objectContaining({
        event_id: block.id,
        service: "jira",
        item_id: "PROJ-1",
        state: "pending",
        error: null,
      }),
    ]);
  });

  test("changes before the job runs queue no second job: the one waiting reads the block when it runs", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id, 3600);
    await patchBlock(t, person, block.id, { elapsed_time: 2700 });
    await patchBlock(t, person, block.id, { start_time: block.start_time - hour, end_time: block.start_time });
    expect(await jobsOf(block.id)).toHaveLength(1);
  });

  test("a block created completed (an occurrence confirmed alone) is written; the series' template is not", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const start = Date.now() - 3 * 24 * hour;
    const template = await dropBlock(t, person, {
      start_time: start,
      end_time: start + hour,
      recurrence: { every: 1, frequency: "DAILY" },
    });
    const series = template.recurrence_id;
    expect(series).not.toBeNull();
    // The whole series completed at once: no single piece of work to write.
    await confirmTime(t, person, template.id, 3600);
    expect(await rowOf(template.id)).toBeUndefined();

    // The event form's "only this one" on the second occurrence: the series' occurrence of that day is skipped and the
    // occurrence saved as a block of its own, completed.
    const occurrence = await dropBlock(t, person, {
      start_time: start + 24 * hour,
      end_time: start + 25 * hour,
      completed: true,
      elapsed_time: 3000,
      recurrence_id: series,
    });
    expect(await rowOf(occurrence.id)).toMatchObject({ state: "pending", itemId: "PROJ-1" });
    expect(await jobsOf(occurrence.id)).toHaveLength(1);
  });

  test("a stopped timer queues the write-back", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    const started = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${person.id}/timer`,
      token: person.token,
      json: { start_time: Date.now() - 20 * 60_000, time_blocking_event_id: block.id },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(await rowOf(block.id)).toBeUndefined();
    const stopped = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/user/${person.id}/timer`,
      token: person.token,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await rowOf(block.id)).toMatchObject({ state: "pending" });
    expect(await jobsOf(block.id)).toHaveLength(1);
  });

  test("a change of the title, a block of Timetrap's own and a block not completed queue nothing", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const own = await dropBlock(t, person, { source: "timetrap", source_id: null });
    await confirmTime(t, person, own.id);
    const open = await dropBlock(t, person);
    await patchBlock(t, person, open.id, { elapsed_time: 1800 });
    const done = await dropBlock(t, person);
    await confirmTime(t, person, done.id);
    const [job] = await jobsOf(done.id);
    await patchBlock(t, person, done.id, { title: "Renamed" });
    expect(await rowOf(own.id)).toBeUndefined();
    expect(await rowOf(open.id)).toBeUndefined();
    expect((await jobsOf(done.id)).map((one) => one.id)).toEqual([job!.id]);
  });

  test("with write-back off for the service the block is off and nothing is queued", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    expect((await setSwitch(t, person, person.id, "jira", { write_back: false })).statusCode).toBe(200);
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id);
    expect(await rowOf(block.id)).toMatchObject({ state: "off", lastError: null, jobId: null });
    expect(await jobsOf(block.id)).toEqual([]);
  });

  test("without the service connected the block is off, saying so, and nothing is queued", async () => {
    const { person } = await people();
    const block = await dropBlock(t, person, { source: "paymo", source_id: "12345" });
    await confirmTime(t, person, block.id);
    expect(await rowOf(block.id)).toMatchObject({
      state: "off",
      service: "paymo",
      lastError: "Paymo is not connected",
    });
    expect(await jobsOf(block.id)).toEqual([]);
  });

  test("a block deleted before its job runs takes its write-back with it, and the job does nothing", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id);
    const deleted = await request(t.app, {
      method: "DELETE",
      url: `/api/v1/user/${person.id}/time-blocking/${block.id}`,
      token: person.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await rowOf(block.id)).toBeUndefined();
    await t.app.jobs.runDue();
    expect((await jobsOf(block.id)).map((job) => job.state)).toEqual(["done"]);
    expect(await rowOf(block.id)).toBeUndefined();
  });
});

describe("GET user/{id}/write-backs", () => {
  test("lists the write-backs of the person's blocks that start in the range, by start", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const earlier = await dropBlock(t, person, {
      start_time: Date.now() - 30 * hour,
      end_time: Date.now() - 29 * hour,
    });
    const later = await dropBlock(t, person);
    const outside = await dropBlock(t, person, {
      start_time: Date.now() - 80 * hour,
      end_time: Date.now() - 79 * hour,
    });
    for (const block of [later, earlier, outside]) await confirmTime(t, person, block.id);

    const response = await listWriteBacks(
      t,
      person,
      person.id,
      `start_time=${earlier.start_time}&end_time=${later.start_time + 1}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const listed = writeBacksAnswerSchema.parse(response.json()).write_backs;
    expect(listed.map((one: WriteBack) => one.event_id)).toEqual([earlier.id, later.id]);
    const until = await listWriteBacks(
      t,
      person,
      person.id,
      `start_time=${earlier.start_time}&end_time=${later.start_time}`,
    );
    expect(writeBacksAnswerSchema.parse(until.json()).write_backs.map((one) => one.event_id)).toEqual([earlier.id]);
  });

  test("a person without any integration has none", async () => {
    const { person } = await people();
    const response = await listWriteBacks(t, person, person.id, aroundNow());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ write_backs: [] });
  });

  test.each([
    ["without a range", "", "query.start_time"],
    ["with an end before the start", "start_time=2000&end_time=1000", "query.end_time"],
    ["with a range over 400 days", `start_time=0&end_time=${401 * 86_400_000}`, "query.end_time"],
    ["with a start that is not a number", "start_time=yesterday&end_time=1000", "query.start_time"],
  ])("%s is a 400 naming the field", async (_name, query, field) => {
    const { person } = await people();
    const response = await listWriteBacks(t, person, person.id, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  test("a colleague is refused (403), someone of another organization finds nobody (404)", async () => {
    const { person, colleague, stranger } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id);
    const byColleague = await listWriteBacks(t, colleague, person.id, aroundNow());
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.body).not.toContain(block.id);
    const byStranger = await listWriteBacks(t, stranger, person.id, aroundNow());
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.body).not.toContain(block.id);
  });
});

describe("POST user/{id}/write-backs/{eventId}/retry", () => {
  async function failedWriteBack() {
    const { person, colleague, stranger } = await people();
    await insertIntegration(t, person.id, "jira");
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id);
    // As its job leaves it when the tool refuses the write.
    const [job] = await jobsOf(block.id);
    await t.db.update(jobs).set({ state: "done", finishedAt: new Date() }).where(eq(jobs.id, job!.id));
    await t.db
      .update(writeBacks)
      .set({
        state: "failed",
        lastError: "Jira: Issue does not exist or you do not have permission to see it.",
        attempts: 1,
      })
      .where(eq(writeBacks.eventId, block.id));
    return { person, colleague, stranger, block };
  }

  test("a failed one is queued again: 202, pending, its error cleared, one new job", async () => {
    const { person, block } = await failedWriteBack();
    const before = await jobsOf(block.id);
    const response = await retry(t, person, person.id, block.id);
    expect(response.statusCode, response.body).toBe(202);
    expect(writeBackSchema.parse(response.json())).toMatchObject({
      event_id: block.id,
      state: "pending",
      error: null,
      attempts: 0,
    });
    const after = await jobsOf(block.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ state: "pending", id: (await rowOf(block.id))!.jobId });
    // Asked twice, it is queued once.
    expect((await retry(t, person, person.id, block.id)).statusCode).toBe(202);
    expect(await jobsOf(block.id)).toHaveLength(after.length);
  });

  test("an off one is queued again once write-back is on for the service; while it is off, a 409", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    await setSwitch(t, person, person.id, "jira", { write_back: false });
    const block = await dropBlock(t, person);
    await confirmTime(t, person, block.id);

    const whileOff = await retry(t, person, person.id, block.id);
    expect(whileOff.statusCode).toBe(409);
    expect(whileOff.json()).toMatchObject({ ErrorMessage: "Writing time back to Jira is off: turn it on first" });
    expect(await jobsOf(block.id)).toEqual([]);

    await setSwitch(t, person, person.id, "jira", { write_back: true });
    const response = await retry(t, person, person.id, block.id);
    expect(response.statusCode, response.body).toBe(202);
    expect(await jobsOf(block.id)).toHaveLength(1);
  });

  test("a written one is a 409 and nothing is queued", async () => {
    const { person, block } = await failedWriteBack();
    await t.db
      .update(writeBacks)
      .set({ state: "written", recordId: "10042", writtenSeconds: 3600, writtenDate: "2026-11-27", lastError: null })
      .where(eq(writeBacks.eventId, block.id));
    const before = await snapshot(t.db);
    const jobsBefore = await jobsOf(block.id);
    const response = await retry(t, person, person.id, block.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "This block's time is already written to Jira",
    });
    expect(await snapshot(t.db)).toEqual(before);
    expect(await jobsOf(block.id)).toEqual(jobsBefore);
  });

  test("a service disconnected since is a 409 saying so", async () => {
    const { person, block } = await failedWriteBack();
    await t.db
      .delete(userIntegrations)
      .where(and(eq(userIntegrations.userId, person.id), eq(userIntegrations.service, "jira")));
    const response = await retry(t, person, person.id, block.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "INTEGRATION_NOT_CONNECTED", ErrorMessage: "Jira is not connected" });
  });

  test("a block without a write-back, another person's block or an id that is no block is a 404", async () => {
    const { person, colleague, block } = await failedWriteBack();
    const own = await dropBlock(t, person, { source: "timetrap", source_id: null });
    await insertIntegration(t, colleague.id, "jira");
    const theirs = await dropBlock(t, colleague);
    await confirmTime(t, colleague, theirs.id);
    const before = await snapshot(t.db);
    for (const eventId of [own.id, theirs.id, "7d5e0c3a-1b2c-4d5e-8f90-a1b2c3d4e5f6"]) {
      const response = await retry(t, person, person.id, eventId);
      expect(response.statusCode, eventId).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: "Write-back not found" });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await rowOf(block.id))!.state).toBe("failed");
  });

  test("an id that is not one is a 400", async () => {
    const { person } = await people();
    const response = await retry(t, person, person.id, "not-an-id");
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("params.eventId");
  });

  test("a colleague is refused (403), someone of another organization finds nobody (404), nothing queued", async () => {
    const { person, colleague, stranger, block } = await failedWriteBack();
    const before = await snapshot(t.db);
    const jobsBefore = await jobsOf(block.id);
    expect((await retry(t, colleague, person.id, block.id)).statusCode).toBe(403);
    expect((await retry(t, stranger, person.id, block.id)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
    expect(await jobsOf(block.id)).toEqual(jobsBefore);
  });
});

describe("PATCH user/{id}/integration/{service}", () => {
  test("turns write-back off and on, answering the integration as the list shows it", async () => {
    const { person } = await people();
    await insertIntegration(t, person.id, "asana");
    const off = await setSwitch(t, person, person.id, "asana", { write_back: false });
    expect(off.statusCode, off.body).toBe(200);
    const answered = off.json() as Integration;
    expect(answered).toMatchObject({ service: "asana", write_back: false, status: "active" });
    expect(answered).not.toHaveProperty("credential");
    const list = await request(t.app, {
      method: "GET",
      url: `/api/v1/user/${person.id}/integrations`,
      token: person.token,
    });
    const shown = (list.json() as { services: Array<{ service: string; integration: Integration | null }> }).services;
    expect(shown.find((one) => one.service === "asana")?.integration).toEqual(answered);

    const on = await setSwitch(t, person, person.id, "asana", { write_back: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ write_back: true });
  });

  test.each([
    ["Google Calendar, which logs no time", "gcalendar", { write_back: false }, 400, "params.service"],
    ["an unknown service", "trello", { write_back: false }, 400, "params.service"],
    ["no body field", "jira", {}, 400, "body.write_back"],
    ["a switch that is not a boolean", "jira", { write_back: "no" }, 400, "body.write_back"],
    ["another field", "jira", { write_back: false, status: "active" }, 400, "body"],
    ["a service not connected", "paymo", { write_back: false }, 404, "Paymo integration not found"],
  ])("%s: %s, nothing written", async (_name, service, body, status, said) => {
    const { person } = await people();
    await insertIntegration(t, person.id, "jira");
    const before = await snapshot(t.db);
    const response = await setSwitch(t, person, person.id, service, body);
    expect(response.statusCode, response.body).toBe(status);
    expect(JSON.stringify(response.json())).toContain(said);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a colleague is refused (403), someone of another organization finds nobody (404), nothing written", async () => {
    const { person, colleague, stranger } = await people();
    await insertIntegration(t, person.id, "jira");
    const before = await snapshot(t.db);
    expect((await setSwitch(t, colleague, person.id, "jira", { write_back: false })).statusCode).toBe(403);
    expect((await setSwitch(t, stranger, person.id, "jira", { write_back: false })).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
  });
});
