import { randomUUID } from "node:crypto";
import { type TimeBlockingEvent, timeBlockingEventSchema } from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { recurrences, timeBlockingEvents } from "../../db/schema.js";
import { addMember, addMemberLacking, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { withToken } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

// Rome is UTC+1 until Sunday 29 March 2026 at 02:00, UTC+2 after it.
const winter = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour - 1, minute);
const summer = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour - 2, minute);

/** Monday 23 March to Monday 13 April 2026, midnight to midnight in Rome: three Mondays, the change in between. */
const threeWeeks = { startTime: "2026-03-23T00:00:00+01:00", endTime: "2026-04-13T00:00:00+02:00" };

const eventsUrl = (userId: string) => `/api/v1/user/${userId}/time-blocking`;
const listEvents = (userId: string, query: Record<string, string>, token?: string) =>
  request(t.app, { method: "GET", url: eventsUrl(userId), query, ...withToken(token) });
const createEvent = (userId: string, body: unknown, token?: string) =>
  request(t.app, { method: "POST", url: eventsUrl(userId), json: body, ...withToken(token) });
const updateEvent = (userId: string, eventId: string, body: unknown, token?: string) =>
  request(t.app, { method: "PATCH", url: `${eventsUrl(userId)}/${eventId}`, json: body, ...withToken(token) });
const deleteEvent = (userId: string, eventId: string, token: string, query: Record<string, string> = {}) =>
  request(t.app, { method: "DELETE", url: `${eventsUrl(userId)}/${eventId}`, query, token });
const updateRecurrence = (userId: string, recurrenceId: string, body: unknown, token?: string) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/user/${userId}/recurrence/${recurrenceId}`,
    json: body,
    ...withToken(token),
  });

const validationDetails = (response: { json(): unknown }) =>
  (response.json() as { details?: Array<{ field: string; message: string }> }).details ?? [];

/** An organization whose Admin plans in `timeZone` (none: UTC), with a Manager and someone with read only on team. */
async function workspace(timeZone: string | null = "Europe/Rome") {
  const owner = await buildUser(t, {
    termsOfUse: true,
    privacyPolicy: true,
    preferences: timeZone ? { timeZone } : {},
  });
  const built = await buildOrganization(t, { owner });
  const orgId = built.organization.uid;
  const manager = await addMember(t, orgId, "manager");
  const reader = await addMemberLacking(t, orgId, [{ action: "edit", subject: "team" }]);
  return { ...built, orgId, manager, reader };
}

/** A weekly stand-up on Mondays from 09:00 to 10:00 in Rome, starting 23 March 2026. */
async function addStandUp(owner: BuiltUser, rule: Record<string, unknown> = {}) {
  const response = await createEvent(
    owner.id,
    {
      title: "Stand-up",
      start_time: winter(3, 23, 9),
      end_time: winter(3, 23, 10),
      event_type: "planning",
      recurrence: { every: 1, frequency: "WEEKLY", ...rule },
    },
    owner.token,
  );
  if (response.statusCode !== 201) throw new Error(`series not created: ${response.body}`);
  const template = timeBlockingEventSchema.parse(response.json());
  return { template, recurrenceId: template.recurrence_id! };
}

async function boardOf(owner: BuiltUser, query = threeWeeks): Promise<TimeBlockingEvent[]> {
  const response = await listEvents(owner.id, query, owner.token);
  if (response.statusCode !== 200) throw new Error(`board not read: ${response.body}`);
  return timeBlockingEventSchema.array().parse(response.json());
}

const startsOf = (events: TimeBlockingEvent[]) => events.map((e) => e.start_time);
const recurrenceRow = async (id: string) => (await t.db.select().from(recurrences).where(eq(recurrences.id, id)))[0];
const eventRow = async (id: string) =>
  (await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, id)))[0];

describe("a series on the board", () => {
  test("a weekly 09:00 series in Rome stays at 09:00 local across the 29 March 2026 change", async () => {
    const { owner } = await workspace();
    const { template, recurrenceId } = await addStandUp(owner);
    expect(template).toMatchObject({
      is_occurrence: false,
      recurrence: {
        id: recurrenceId,
        every: 1,
        frequency: "WEEKLY",
        day_of_weeks: [],
        until: null,
        repeat: null,
        skip: [],
        end_date: null,
      },
    });

    const board = await boardOf(owner);
    expect(board).toEqual([
      { ...template, start_time: winter(3, 23, 9), end_time: winter(3, 23, 10), is_occurrence: true },
      { ...template, start_time: summer(3, 30, 9), end_time: summer(3, 30, 10), is_occurrence: true },
      { ...template, start_time: summer(4, 6, 9), end_time: summer(4, 6, 10), is_occurrence: true },
    ]);
  });

  test("an owner without a time zone has the series computed in UTC, so it keeps 08:00 UTC through the change", async () => {
    const { owner } = await workspace(null);
    await addStandUp(owner);
    expect(startsOf(await boardOf(owner))).toEqual([
      Date.UTC(2026, 2, 23, 8),
      Date.UTC(2026, 2, 30, 8),
      Date.UTC(2026, 3, 6, 8),
    ]);
  });

  test("shows only the occurrences inside the range, and sorts them among the standalone events", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner, { day_of_weeks: [1, 3] });
    const standalone = await createEvent(
      owner.id,
      { title: "Review", start_time: summer(4, 1, 8), end_time: summer(4, 1, 9) },
      owner.token,
    );
    const board = await boardOf(owner, {
      startTime: "2026-03-30T00:00:00+02:00",
      endTime: "2026-04-02T00:00:00+02:00",
    });
    expect(board.map((e) => [e.title, e.start_time, e.is_occurrence])).toEqual([
      ["Stand-up", summer(3, 30, 9), true],
      ["Review", summer(4, 1, 8), false],
      ["Stand-up", summer(4, 1, 9), true],
    ]);
    expect(board[0]!.id).toBe(template.id);
    expect(board[1]!.id).toBe(standalone.json().id);
  });

  test("ends on the until day in the owner's zone, inclusive", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner, { until: "2026-03-30" });
    expect(template.recurrence).toMatchObject({ until: "2026-03-30", repeat: null });
    const board = await boardOf(owner);
    expect(startsOf(board)).toEqual([winter(3, 23, 9), summer(3, 30, 9)]);
    expect(board[1]!.recurrence).toEqual(template.recurrence);
  });

  test("counts skipped occurrences towards repeat", async () => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner, { repeat: 3 });
    expect(startsOf(await boardOf(owner))).toHaveLength(3);
    const skipped = await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, owner.token);
    const board = await boardOf(owner);
    expect(startsOf(board)).toEqual([winter(3, 23, 9), summer(4, 6, 9)]);
    expect(board[0]!.recurrence).toEqual(skipped.json());
  });
});

describe("PATCH /user/{id}/recurrence/{recId}", () => {
  test("skips one occurrence, once however often it is sent", async () => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    for (let i = 0; i < 2; i++) {
      const response = await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, owner.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: recurrenceId, skip: [summer(3, 30, 9)], end_date: null });
    }
    expect(startsOf(await boardOf(owner))).toEqual([winter(3, 23, 9), summer(4, 6, 9)]);
  });

  test("ends the series after end_date, and reopens it with null", async () => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    const ended = await updateRecurrence(owner.id, recurrenceId, { end_date: summer(3, 30, 9) - 1000 }, owner.token);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ end_date: summer(3, 30, 9) - 1000 });
    const board = await boardOf(owner);
    expect(startsOf(board)).toEqual([winter(3, 23, 9)]);
    expect(board[0]!.recurrence).toEqual(ended.json());

    const reopened = await updateRecurrence(owner.id, recurrenceId, { end_date: null }, owner.token);
    expect(reopened.json()).toMatchObject({ end_date: null });
    expect(startsOf(await boardOf(owner))).toHaveLength(3);
  });

  test("deletes the whole series when end_date is before its first occurrence", async () => {
    const { owner } = await workspace();
    const { template, recurrenceId } = await addStandUp(owner);
    const response = await updateRecurrence(
      owner.id,
      recurrenceId,
      { end_date: template.start_time - 1000 },
      owner.token,
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await recurrenceRow(recurrenceId)).toBeUndefined();
    expect(await eventRow(template.id)).toBeUndefined();
    expect(await boardOf(owner)).toEqual([]);
  });

  test.each<[string, unknown, string, string]>([
    ["nothing", {}, "body", "Send skip or end_date"],
    [
      "a skip as text",
      { skip: "monday" },
      "body.skip",
      "skip must be an occurrence's start time in epoch milliseconds",
    ],
    ["an end beyond the year 9999", { end_date: 1e17 }, "body.end_date", "end_date must be before the year 10000"],
    ["a field it does not know", { every: 2 }, "body.every", "Unknown field"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_label, body, field, message) => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    const before = await snapshot(t.db);
    const response = await updateRecurrence(owner.id, recurrenceId, body, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual({ field, message });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers 404 for an unknown series and someone else's, 403 without edit on team, 404 across organizations", async () => {
    const { owner, manager, reader } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    const theirs = await addStandUp(manager);
    const stranger = (await workspace()).owner;
    const before = await snapshot(t.db);
    for (const id of [randomUUID(), theirs.recurrenceId]) {
      const response = await updateRecurrence(owner.id, id, { skip: summer(3, 30, 9) }, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ ErrorMessage: "Recurrence not found" });
    }
    const refused = await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to edit team" });
    const across = await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, stranger.token);
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ ErrorMessage: "User not found" });
    expect(await snapshot(t.db)).toEqual(before);

    expect((await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, manager.token)).statusCode).toBe(
      200,
    );
  });
});

describe("DELETE of a series' template", () => {
  test("is a 409 without recurrences=true, changing nothing", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner);
    const before = await snapshot(t.db);
    const response = await deleteEvent(owner.id, template.id, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "This event repeats: skip one occurrence, end the series, or delete it all with recurrences=true",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("with recurrences=true deletes the rule and the template", async () => {
    const { owner } = await workspace();
    const { template, recurrenceId } = await addStandUp(owner);
    const response = await deleteEvent(owner.id, template.id, owner.token, { recurrences: "true" });
    expect(response.statusCode).toBe(204);
    expect(await recurrenceRow(recurrenceId)).toBeUndefined();
    expect(await eventRow(template.id)).toBeUndefined();
    expect(await boardOf(owner)).toEqual([]);
  });

  test("refuses recurrences that is neither true nor false", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner);
    const response = await deleteEvent(owner.id, template.id, owner.token, { recurrences: "all" });
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "query.recurrences", message: "recurrences must be true or false" },
    ]);
  });
});

describe("a change to one occurrence", () => {
  test("POST with recurrence_id saves a standalone event and skips the series' occurrence on that day", async () => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    const response = await createEvent(
      owner.id,
      {
        title: "Stand-up, later",
        start_time: summer(3, 30, 11),
        end_time: summer(3, 30, 12),
        event_type: "planning",
        recurrence_id: recurrenceId,
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const moved = timeBlockingEventSchema.parse(response.json());
    expect(moved).toMatchObject({ recurrence_id: null, recurrence: null, is_occurrence: false });
    expect((await recurrenceRow(recurrenceId))!.skip).toEqual([summer(3, 30, 9)]);
    expect((await boardOf(owner)).map((e) => [e.title, e.start_time])).toEqual([
      ["Stand-up", winter(3, 23, 9)],
      ["Stand-up, later", summer(3, 30, 11)],
      ["Stand-up", summer(4, 6, 9)],
    ]);
  });

  test("POST with recurrence_id on a day without an occurrence skips nothing", async () => {
    const { owner } = await workspace();
    const { recurrenceId } = await addStandUp(owner);
    const response = await createEvent(
      owner.id,
      { start_time: summer(3, 31, 9), end_time: summer(3, 31, 10), recurrence_id: recurrenceId },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    expect((await recurrenceRow(recurrenceId))!.skip).toEqual([]);
    expect(await boardOf(owner)).toHaveLength(4);
  });
});

describe("PATCH of a series' template", () => {
  test("with occurrence_start moves the whole series as the occurrence moved, in wall-clock time", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner);
    // The third Monday's stand-up goes to Tuesday 10:00–11:00 for every week.
    const response = await updateEvent(
      owner.id,
      template.id,
      { occurrence_start: summer(4, 6, 9), start_time: summer(4, 7, 10), end_time: summer(4, 7, 11) },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ start_time: winter(3, 24, 10), end_time: winter(3, 24, 11) });
    expect((await boardOf(owner)).map((e) => [e.start_time, e.end_time])).toEqual([
      [winter(3, 24, 10), winter(3, 24, 11)],
      [summer(3, 31, 10), summer(3, 31, 11)],
      [summer(4, 7, 10), summer(4, 7, 11)],
    ]);
  });

  test("with occurrence_start and only a new end, lengthens every occurrence", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner);
    const response = await updateEvent(
      owner.id,
      template.id,
      { occurrence_start: summer(3, 30, 9), end_time: summer(3, 30, 10, 30) },
      owner.token,
    );
    expect(response.json()).toMatchObject({ start_time: winter(3, 23, 9), end_time: winter(3, 23, 10, 30) });
    expect((await boardOf(owner)).map((e) => e.end_time)).toEqual([
      winter(3, 23, 10, 30),
      summer(3, 30, 10, 30),
      summer(4, 6, 10, 30),
    ]);
  });

  test("refuses an occurrence_start that is no occurrence of the series, changing nothing", async () => {
    const { owner } = await workspace();
    const { template } = await addStandUp(owner);
    const before = await snapshot(t.db);
    const response = await updateEvent(
      owner.id,
      template.id,
      { occurrence_start: summer(3, 31, 9), start_time: summer(3, 31, 10) },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.occurrence_start", message: "No occurrence of the series starts at occurrence_start" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("with recurrence replaces the rule and keeps the skips", async () => {
    const { owner } = await workspace();
    const { template, recurrenceId } = await addStandUp(owner);
    await updateRecurrence(owner.id, recurrenceId, { skip: summer(3, 30, 9) }, owner.token);
    const response = await updateEvent(
      owner.id,
      template.id,
      { recurrence: { every: 1, frequency: "DAILY", repeat: 10 } },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().recurrence).toEqual({
      id: recurrenceId,
      every: 1,
      frequency: "DAILY",
      day_of_weeks: [],
      until: null,
      repeat: 10,
      skip: [summer(3, 30, 9)],
      end_date: null,
    });
    const starts = startsOf(await boardOf(owner));
    expect(starts).toHaveLength(9);
    expect(starts).not.toContain(summer(3, 30, 9));
    expect(starts.at(-1)).toBe(summer(4, 1, 9));
  });

  test("with recurrence: null stops the series and keeps the template as a standalone event", async () => {
    const { owner } = await workspace();
    const { template, recurrenceId } = await addStandUp(owner);
    const response = await updateEvent(owner.id, template.id, { recurrence: null, title: "Kick-off" }, owner.token);
    expect(response.statusCode).toBe(200);
    const stopped = timeBlockingEventSchema.parse(response.json());
    expect(stopped).toEqual({ ...template, title: "Kick-off", recurrence_id: null, recurrence: null });
    expect(await recurrenceRow(recurrenceId)).toBeUndefined();
    expect(await boardOf(owner)).toEqual([stopped]);
  });

  test("with recurrence on a standalone event makes it the first of a new series", async () => {
    const { owner } = await workspace();
    const created = await createEvent(
      owner.id,
      { title: "Retro", start_time: winter(3, 27, 15), end_time: winter(3, 27, 16) },
      owner.token,
    );
    const response = await updateEvent(
      owner.id,
      created.json().id,
      { recurrence: { every: 2, frequency: "WEEKLY" } },
      owner.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().recurrence).toMatchObject({ every: 2, frequency: "WEEKLY", skip: [] });
    expect(startsOf(await boardOf(owner))).toEqual([winter(3, 27, 15), summer(4, 10, 15)]);
  });
});
