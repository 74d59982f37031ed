import { randomUUID } from "node:crypto";
import { type TimeBlockingEvent, timeBlockingEventSchema, timerSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { timeBlockingEvents, timers } from "../../db/schema.js";
import { addMember, addMemberLacking, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { withToken } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

// snapshot() orders every table's rows by `id`, and timers are keyed by their user instead: each test starts with
// none, so a picture never holds two of them.
afterEach(async () => {
  await t.db.delete(timers);
});

const minute = 60_000;
const hour = 60 * minute;

const timerUrl = (userId: string) => `/api/v1/user/${userId}/timer`;
const getTimer = (userId: string, token?: string) =>
  request(t.app, { method: "GET", url: timerUrl(userId), ...withToken(token) });
const startTimer = (userId: string, body: unknown, token?: string) =>
  request(t.app, { method: "POST", url: timerUrl(userId), json: body, ...withToken(token) });
const stopTimer = (userId: string, token?: string) =>
  request(t.app, { method: "DELETE", url: timerUrl(userId), ...withToken(token) });

const validationDetails = (response: { json(): unknown }) =>
  (response.json() as { details?: Array<{ field: string; message: string }> }).details ?? [];

/** An organization whose Admin works in Rome, with a Manager (edit team), a Member (no team rights) and a reader. */
async function workspace() {
  const owner = await buildUser(t, {
    termsOfUse: true,
    privacyPolicy: true,
    preferences: { timeZone: "Europe/Rome" },
  });
  const built = await buildOrganization(t, { owner });
  const orgId = built.organization.uid;
  const manager = await addMember(t, orgId, "manager");
  const member = await addMember(t, orgId, "member");
  const reader = await addMemberLacking(t, orgId, [{ action: "edit", subject: "team" }]);
  return { ...built, orgId, manager, member, reader };
}

/** An activity on `owner`'s board that started an hour ago and ends in an hour, unless told otherwise. */
async function addEvent(owner: BuiltUser, body: Record<string, unknown> = {}): Promise<TimeBlockingEvent> {
  const response = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${owner.id}/time-blocking`,
    token: owner.token,
    json: { title: "Focus", start_time: Date.now() - hour, end_time: Date.now() + hour, ...body },
  });
  if (response.statusCode !== 201) throw new Error(`event not created: ${response.body}`);
  return timeBlockingEventSchema.parse(response.json());
}

const eventRow = async (id: string) =>
  (await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, id)))[0];

describe("POST /user/{id}/timer", () => {
  test("starts a timer on today's activity and answers it with its event", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner);
    const start = Date.now();
    const response = await startTimer(owner.id, { start_time: start, time_blocking_event_id: event.id }, owner.token);
    expect(response.statusCode).toBe(201);
    expect(timerSchema.parse(response.json())).toEqual({ user_id: owner.id, start_time: start, event });
    expect((await getTimer(owner.id, owner.token)).json()).toEqual(response.json());
  });

  test("starts on an activity of an earlier day, and half a minute ahead of the server's clock", async () => {
    const { owner } = await workspace();
    const yesterday = await addEvent(owner, { start_time: Date.now() - 26 * hour, end_time: Date.now() - 25 * hour });
    const response = await startTimer(
      owner.id,
      { start_time: Date.now() + 30_000, time_blocking_event_id: yesterday.id },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
  });

  test("refuses a second running timer with a 409, writing nothing", async () => {
    const { owner } = await workspace();
    const first = await addEvent(owner);
    const second = await addEvent(owner, { title: "Mail" });
    expect(
      (await startTimer(owner.id, { start_time: Date.now(), time_blocking_event_id: first.id }, owner.token))
        .statusCode,
    ).toBe(201);
    const before = await snapshot(t.db);
    for (const event of [second, first]) {
      const response = await startTimer(
        owner.id,
        { start_time: Date.now(), time_blocking_event_id: event.id },
        owner.token,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: "CONFLICT",
        ErrorMessage: "A timer is already running; stop it first",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets exactly one of two racing starts win; the other is a 409, not a server error", async () => {
    const { owner } = await workspace();
    const first = await addEvent(owner);
    const second = await addEvent(owner, { title: "Mail" });
    // Several rounds: on PostgreSQL the two requests run on two connections, and a round only proves something when
    // their transactions overlap.
    for (let round = 0; round < 5; round++) {
      const responses = await Promise.all(
        [first, second].map((event) =>
          startTimer(owner.id, { start_time: Date.now(), time_blocking_event_id: event.id }, owner.token),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const lost = responses.find((r) => r.statusCode === 409)!;
      expect(lost.json()).toMatchObject({ ErrorMessage: "A timer is already running; stop it first" });
      const won = timerSchema.parse(responses.find((r) => r.statusCode === 201)!.json());
      const rows = await t.db.select().from(timers).where(eq(timers.userId, owner.id));
      expect(rows.map((row) => row.eventId)).toEqual([won.event.id]);
      await t.db.delete(timers).where(eq(timers.userId, owner.id));
    }
  });

  test.each([
    ["a completed event", { completed: true }, "This event is completed: its time is already logged"],
    ["a planning block", { event_type: "planning" }, "A timer runs only on an activity, not on a planning block"],
    [
      "an event of a later day",
      { start_time: Date.now() + 36 * hour, end_time: Date.now() + 37 * hour },
      "A timer cannot start on an event of a later day",
    ],
  ])("refuses %s with a 409 naming the reason, writing nothing", async (_label, body, message) => {
    const { owner } = await workspace();
    const event = await addEvent(owner, body);
    const before = await snapshot(t.db);
    const response = await startTimer(
      owner.id,
      { start_time: Date.now(), time_blocking_event_id: event.id },
      owner.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "CONFLICT", ErrorMessage: message });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    [
      "a start more than a minute ahead",
      { start_time: Date.now() + 5 * minute },
      "body.start_time",
      "A timer cannot start in the future",
    ],
    ["a start as text", { start_time: "now" }, "body.start_time", "start_time must be a time in epoch milliseconds"],
    [
      "an event id that is not an id",
      { time_blocking_event_id: "focus" },
      "body.time_blocking_event_id",
      "time_blocking_event_id must be an event id",
    ],
    ["a field it does not know", { user_id: randomUUID() }, "body.user_id", "Unknown field"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_label, patch, field, message) => {
    const { owner } = await workspace();
    const event = await addEvent(owner);
    const before = await snapshot(t.db);
    const response = await startTimer(
      owner.id,
      { start_time: Date.now(), time_blocking_event_id: event.id, ...patch },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual({ field, message });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for an unknown event and for someone else's, writing nothing", async () => {
    const { owner, manager } = await workspace();
    const theirs = await addEvent(manager);
    const before = await snapshot(t.db);
    for (const eventId of [randomUUID(), theirs.id]) {
      const response = await startTimer(
        owner.id,
        { start_time: Date.now(), time_blocking_event_id: eventId },
        owner.token,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Event not found" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("lets a colleague with edit on team start the owner's timer, refuses one without it (403) and another organization (404)", async () => {
    const { owner, manager, reader } = await workspace();
    const event = await addEvent(owner);
    const stranger = (await workspace()).owner;
    const body = { start_time: Date.now(), time_blocking_event_id: event.id };
    const before = await snapshot(t.db);
    const refused = await startTimer(owner.id, body, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to edit team" });
    const across = await startTimer(owner.id, body, stranger.token);
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ ErrorMessage: "User not found" });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await startTimer(owner.id, body)).statusCode).toBe(401);

    const started = await startTimer(owner.id, body, manager.token);
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({ user_id: owner.id });
  });
});

describe("GET /user/{id}/timer", () => {
  test("answers null when no timer runs, also for someone without an organization", async () => {
    const { owner } = await workspace();
    const none = await getTimer(owner.id, owner.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const loner = await buildUser(t);
    expect((await getTimer(loner.id, loner.token)).json()).toBeNull();
  });

  test("shows a colleague's timer with read on team, refuses it without (403), and answers 404 across organizations", async () => {
    const { owner, reader, member } = await workspace();
    const event = await addEvent(owner);
    await startTimer(owner.id, { start_time: Date.now(), time_blocking_event_id: event.id }, owner.token);
    const read = await getTimer(owner.id, reader.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ user_id: owner.id, event: { id: event.id } });
    const refused = await getTimer(owner.id, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to read team" });
    const stranger = (await workspace()).owner;
    const across = await getTimer(owner.id, stranger.token);
    expect(across.statusCode).toBe(404);
    expect(across.body).not.toContain(event.id);
  });
});

describe("DELETE /user/{id}/timer", () => {
  test("adds the seconds since the start to the elapsed time, completes the event, deletes the timer and answers the event", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, { elapsed_time: 600 });
    await startTimer(owner.id, { start_time: Date.now() - 90_000, time_blocking_event_id: event.id }, owner.token);
    const response = await stopTimer(owner.id, owner.token);
    expect(response.statusCode).toBe(200);
    const stopped = timeBlockingEventSchema.parse(response.json());
    expect(stopped).toEqual({ ...event, elapsed_time: stopped.elapsed_time, completed: true });
    expect(stopped.elapsed_time).toBeGreaterThanOrEqual(690);
    expect(stopped.elapsed_time).toBeLessThan(700);
    expect(await eventRow(event.id)).toMatchObject({ elapsedTime: stopped.elapsed_time, completed: true });
    expect((await getTimer(owner.id, owner.token)).json()).toBeNull();

    const again = await startTimer(owner.id, { start_time: Date.now(), time_blocking_event_id: event.id }, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ErrorMessage: "This event is completed: its time is already logged" });
  });

  test("answers 404 when no timer runs, writing nothing", async () => {
    const { owner } = await workspace();
    const before = await snapshot(t.db);
    const response = await stopTimer(owner.id, owner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "No timer is running" });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("logs the time once when two stops race", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, { elapsed_time: 0 });
    await startTimer(owner.id, { start_time: Date.now() - 60_000, time_blocking_event_id: event.id }, owner.token);
    const responses = await Promise.all([stopTimer(owner.id, owner.token), stopTimer(owner.id, owner.token)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const elapsed = (await eventRow(event.id))!.elapsedTime;
    expect(elapsed).toBeGreaterThanOrEqual(60);
    expect(elapsed).toBeLessThan(70);
  });

  test("refuses a colleague without edit on team (403) and another organization (404), stopping nothing", async () => {
    const { owner, manager, reader } = await workspace();
    const event = await addEvent(owner);
    await startTimer(owner.id, { start_time: Date.now(), time_blocking_event_id: event.id }, owner.token);
    const stranger = (await workspace()).owner;
    const before = await snapshot(t.db);
    expect((await stopTimer(owner.id, reader.token)).statusCode).toBe(403);
    expect((await stopTimer(owner.id, stranger.token)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toEqual(before);
    const stopped = await stopTimer(owner.id, manager.token);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ id: event.id, completed: true });
  });
});

describe("OpenAPI", () => {
  test("documents the timer's calls", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const timer = document.paths["/api/v1/user/{id}/timer"];
    expect(Object.keys(timer).sort()).toEqual(["delete", "get", "post"]);
    expect(Object.keys(timer.post.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "start_time",
      "time_blocking_event_id",
    ]);
    expect(Object.keys(timer.post.responses)).toEqual(expect.arrayContaining(["201", "400", "403", "404", "409"]));
  });
});
