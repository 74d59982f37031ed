import {
  calendarDateIn,
  lockDateLabel,
  periodOf,
  type TimeBlockingEvent,
  timeBlockingEventSchema,
} from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { organizations, timeBlockingEvents, timers } from "../../db/schema.js";
import { addMember, type BuiltUser, buildOrganization, buildUser } from "../../test/factories.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";

/**
 * The period lock (423) and the overlap guard (409) on every route that writes activities: the board's creates,
 * changes, moves, deletions and series edits (the dashboard's unassigned entries are changed through the same PATCH),
 * and the timer's start and stop (decision 026).
 */
const t = useTestApp();

const minute = 60_000;
/** Rome is an hour ahead of UTC in November. */
const rome = (date: string, time: string) => Date.parse(`${date}T${time}:00+01:00`);

const board = (userId: string) => `/api/v1/user/${userId}/time-blocking`;

const createEvent = (owner: BuiltUser, json: Record<string, unknown>, token = owner.token) =>
  request(t.app, { method: "POST", url: board(owner.id), json: { title: "Work", ...json }, token });
const patchEvent = (owner: BuiltUser, id: string, json: unknown, token = owner.token) =>
  request(t.app, { method: "PATCH", url: `${board(owner.id)}/${id}`, json, token });
const deleteEvent = (owner: BuiltUser, id: string, query = "", token = owner.token) =>
  request(t.app, { method: "DELETE", url: `${board(owner.id)}/${id}${query}`, token });
const patchRecurrence = (owner: BuiltUser, id: string, json: unknown) =>
  request(t.app, { method: "PATCH", url: `/api/v1/user/${owner.id}/recurrence/${id}`, json, token: owner.token });
const startTimer = (owner: BuiltUser, eventId: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/user/${owner.id}/timer`,
    json: { start_time: Date.now() - minute, time_blocking_event_id: eventId },
    token: owner.token,
  });
const stopTimer = (owner: BuiltUser) =>
  request(t.app, { method: "DELETE", url: `/api/v1/user/${owner.id}/timer`, token: owner.token });

async function made(response: { statusCode: number; body: string; json(): unknown }): Promise<TimeBlockingEvent> {
  if (response.statusCode !== 201) throw new Error(`event not created: ${response.body}`);
  return timeBlockingEventSchema.parse(response.json());
}

/** An organization whose Member works in Rome, and its Admin (edit team, edit timesheet). */
async function workspace() {
  const built = await buildOrganization(t);
  const orgId = built.organization.uid;
  const member = await addMember(t, orgId, "member", { preferences: { timeZone: "Europe/Rome" } });
  return { ...built, orgId, admin: built.owner, member };
}

async function approve(orgId: string, admin: BuiltUser, person: BuiltUser, monday: string) {
  const submitted = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${person.id}/timesheet/${monday}/submit`,
    token: person.token,
  });
  expect(submitted.statusCode).toBe(200);
  const approved = await request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/timesheet/${person.id}/${monday}/approve`,
    json: {},
    token: admin.token,
  });
  expect(approved.statusCode).toBe(200);
}

const reopen = (orgId: string, admin: BuiltUser, person: BuiltUser, monday: string) =>
  request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/timesheet/${person.id}/${monday}/reopen`,
    json: { note: "A correction" },
    token: admin.token,
  });

const settings = (orgId: string, admin: BuiltUser, json: Record<string, unknown>) =>
  request(t.app, {
    method: "PATCH",
    url: `/api/v1/organization/${orgId}`,
    json: { settings: json },
    token: admin.token,
  });

const eventRow = async (id: string) =>
  (await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, id)))[0];

const lockedWeek = "The week of 16 Nov 2026 is approved: its entries are locked";

function expectLocked(response: { statusCode: number; json(): unknown }, message = lockedWeek) {
  expect(response.statusCode).toBe(423);
  expect(response.json()).toMatchObject({ code: "PERIOD_LOCKED", error: "Locked", ErrorMessage: message });
}

describe("an approved period locks its activities", () => {
  test("creating, changing, moving in or out, and deleting an activity of it is a 423 for everyone, writing nothing", async () => {
    const { orgId, admin, member } = await workspace();
    const inside = await made(
      await createEvent(member, { start_time: rome("2026-11-17", "09:00"), end_time: rome("2026-11-17", "10:00") }),
    );
    const after = await made(
      await createEvent(member, { start_time: rome("2026-11-24", "09:00"), end_time: rome("2026-11-24", "10:00") }),
    );
    // Sunday evening in Rome is still the approved week, though it is Sunday in UTC too; Monday 00:30 in Rome is
    // Sunday in UTC, and not in it.
    const mondayInRome = await made(
      await createEvent(member, { start_time: rome("2026-11-23", "00:30"), end_time: rome("2026-11-23", "01:00") }),
    );
    await approve(orgId, admin, member, "2026-11-16");

    const before = await snapshot(t.db);
    const sunday = { start_time: rome("2026-11-22", "22:00"), end_time: rome("2026-11-22", "23:00") };
    for (const token of [member.token, admin.token]) {
      expectLocked(await createEvent(member, sunday, token));
      expectLocked(await patchEvent(member, inside.id, { title: "Renamed" }, token));
      expectLocked(await patchEvent(member, inside.id, { completed: true }, token));
      expectLocked(await patchEvent(member, inside.id, { event_type: "planning" }, token));
      expectLocked(
        await patchEvent(
          member,
          inside.id,
          { start_time: rome("2026-11-25", "09:00"), end_time: rome("2026-11-25", "10:00") },
          token,
        ),
      );
      expectLocked(
        await patchEvent(
          member,
          after.id,
          { start_time: rome("2026-11-18", "09:00"), end_time: rome("2026-11-18", "10:00") },
          token,
        ),
      );
      expectLocked(await deleteEvent(member, inside.id, "", token));
    }
    expect(await snapshot(t.db)).toEqual(before);

    // Outside it, by the owner's clock, everything goes on.
    expect((await patchEvent(member, mondayInRome.id, { title: "Early start" })).statusCode).toBe(200);
    expect((await patchEvent(member, after.id, { title: "Later" })).statusCode).toBe(200);
  }, 60_000);

  test("planning blocks of an approved period stay editable, until one would become an activity", async () => {
    const { orgId, admin, member } = await workspace();
    await approve(orgId, admin, member, "2026-11-16");
    const plan = await made(
      await createEvent(member, {
        event_type: "planning",
        start_time: rome("2026-11-18", "09:00"),
        end_time: rome("2026-11-18", "11:00"),
      }),
    );
    expect(
      (await patchEvent(member, plan.id, { title: "Replanned", end_time: rome("2026-11-18", "12:00") })).statusCode,
    ).toBe(200);
    expectLocked(await patchEvent(member, plan.id, { event_type: "activity" }));
    expect((await deleteEvent(member, plan.id)).statusCode).toBe(204);
  });

  test("reopening the period unlocks it", async () => {
    const { orgId, admin, member } = await workspace();
    const inside = await made(
      await createEvent(member, { start_time: rome("2026-11-17", "09:00"), end_time: rome("2026-11-17", "10:00") }),
    );
    await approve(orgId, admin, member, "2026-11-16");
    expectLocked(await patchEvent(member, inside.id, { title: "Fixed" }));
    expect((await reopen(orgId, admin, member, "2026-11-16")).statusCode).toBe(200);
    expect((await patchEvent(member, inside.id, { title: "Fixed" })).json()).toMatchObject({ title: "Fixed" });
  });

  test("another person's approved period locks nothing of this one's", async () => {
    const { orgId, admin, member } = await workspace();
    const colleague = await addMember(t, orgId, "member");
    await approve(orgId, admin, colleague, "2026-11-16");
    expect(
      (await createEvent(member, { start_time: rome("2026-11-17", "09:00"), end_time: rome("2026-11-17", "10:00") }))
        .statusCode,
    ).toBe(201);
  });

  test("lock_before locks every activity before its day, and none from it", async () => {
    const { orgId, admin, member } = await workspace();
    const before = await made(
      await createEvent(member, { start_time: rome("2026-11-19", "17:00"), end_time: rome("2026-11-19", "18:00") }),
    );
    expect((await settings(orgId, admin, { lock_before: "2026-11-20" })).statusCode).toBe(200);
    const message = "Entries before 20 Nov 2026 are locked";
    const unchanged = await snapshot(t.db);
    expectLocked(
      await createEvent(member, { start_time: rome("2026-11-19", "09:00"), end_time: rome("2026-11-19", "10:00") }),
      message,
    );
    expectLocked(await patchEvent(member, before.id, { title: "Late edit" }), message);
    expectLocked(await deleteEvent(member, before.id), message);
    expect(await snapshot(t.db)).toEqual(unchanged);
    expect(
      (await createEvent(member, { start_time: rome("2026-11-20", "00:00"), end_time: rome("2026-11-20", "01:00") }))
        .statusCode,
    ).toBe(201);
  });

  test("a series of activities cannot change over an approved period, but may end after it", async () => {
    const { orgId, admin, member } = await workspace();
    const series = await made(
      await createEvent(member, {
        title: "Review",
        start_time: rome("2026-11-10", "09:00"),
        end_time: rome("2026-11-10", "10:00"),
        recurrence: { frequency: "WEEKLY", every: 1 },
      }),
    );
    await approve(orgId, admin, member, "2026-11-16");
    const unchanged = await snapshot(t.db);
    expectLocked(await patchEvent(member, series.id, { title: "Renamed" }));
    expectLocked(await deleteEvent(member, series.id, "?recurrences=true"));
    expectLocked(await patchRecurrence(member, series.recurrence_id!, { skip: rome("2026-11-17", "09:00") }));
    expectLocked(await patchRecurrence(member, series.recurrence_id!, { end_date: rome("2026-11-12", "00:00") }));
    // A standalone change of the approved week's occurrence replaces it.
    expectLocked(
      await createEvent(member, {
        recurrence_id: series.recurrence_id,
        start_time: rome("2026-11-17", "11:00"),
        end_time: rome("2026-11-17", "12:00"),
      }),
    );
    expect(await snapshot(t.db)).toEqual(unchanged);
    expect(
      (await patchRecurrence(member, series.recurrence_id!, { skip: rome("2026-11-24", "09:00") })).statusCode,
    ).toBe(200);
    expect(
      (await patchRecurrence(member, series.recurrence_id!, { end_date: rome("2026-12-01", "00:00") })).statusCode,
    ).toBe(200);
  });

  test("a timer neither starts on an activity of an approved period nor stops into one", async () => {
    const { orgId, admin, member } = await workspace();
    const now = Date.now();
    const today = await made(await createEvent(member, { start_time: now - 10 * minute, end_time: now + 10 * minute }));
    // The activity's week, in Rome.
    const monday = periodOf(calendarDateIn(today.start_time, "Europe/Rome"), "week").start;
    await approve(orgId, admin, member, monday);
    const message = `The week of ${lockDateLabel(monday)} is approved: its entries are locked`;
    const unchanged = await snapshot(t.db);
    expectLocked(await startTimer(member, today.id), message);
    expect(await snapshot(t.db)).toEqual(unchanged);

    await reopen(orgId, admin, member, monday);
    expect((await startTimer(member, today.id)).statusCode).toBe(201);
    await approve(orgId, admin, member, monday);
    const running = await snapshot(t.db);
    expectLocked(await stopTimer(member), message);
    expect(await snapshot(t.db)).toEqual(running);
    expect(await t.db.select().from(timers).where(eq(timers.userId, member.id))).toHaveLength(1);
    expect(await eventRow(today.id)).toMatchObject({ elapsedTime: 0, completed: false });
  });
});

describe("the overlap guard", () => {
  async function guarded() {
    const space = await workspace();
    expect((await settings(space.orgId, space.admin, { prevent_overlapping_activities: true })).statusCode).toBe(200);
    return space;
  }

  const overlapMessage =
    'It overlaps "Design" (09:00–13:00, 24 Nov 2026): activities may not overlap in this organization';

  function expectOverlap(response: { statusCode: number; json(): unknown }, message = overlapMessage) {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "OVERLAPPING_ACTIVITY", ErrorMessage: message });
  }

  test("touching ends are fine; an overlap created, moved or resized into is a 409 naming the other entry, writing nothing", async () => {
    const { member } = await guarded();
    await made(
      await createEvent(member, {
        title: "Design",
        start_time: rome("2026-11-24", "09:00"),
        end_time: rome("2026-11-24", "13:00"),
      }),
    );
    const afternoon = await made(
      await createEvent(member, { start_time: rome("2026-11-24", "13:00"), end_time: rome("2026-11-24", "17:00") }),
    );
    const evening = await made(
      await createEvent(member, { start_time: rome("2026-11-24", "18:00"), end_time: rome("2026-11-24", "19:00") }),
    );
    const unchanged = await snapshot(t.db);
    expectOverlap(
      await createEvent(member, { start_time: rome("2026-11-24", "12:00"), end_time: rome("2026-11-24", "14:00") }),
    );
    // Moved: both ends change.
    expectOverlap(
      await patchEvent(member, evening.id, {
        start_time: rome("2026-11-24", "08:00"),
        end_time: rome("2026-11-24", "09:30"),
      }),
    );
    // Resized: the start alone.
    expectOverlap(await patchEvent(member, afternoon.id, { start_time: rome("2026-11-24", "12:59") }));
    expect(await snapshot(t.db)).toEqual(unchanged);

    // Moving within its own time, or to a free slot, is fine.
    expect((await patchEvent(member, afternoon.id, { end_time: rome("2026-11-24", "16:00") })).statusCode).toBe(200);
    expect(
      (
        await patchEvent(member, evening.id, {
          start_time: rome("2026-11-24", "16:00"),
          end_time: rome("2026-11-24", "18:00"),
        })
      ).statusCode,
    ).toBe(200);
  });

  test("planning blocks overlap anything, until one would become an overlapping activity", async () => {
    const { member } = await guarded();
    await made(
      await createEvent(member, {
        title: "Design",
        start_time: rome("2026-11-24", "09:00"),
        end_time: rome("2026-11-24", "13:00"),
      }),
    );
    const plan = await made(
      await createEvent(member, {
        event_type: "planning",
        start_time: rome("2026-11-24", "10:00"),
        end_time: rome("2026-11-24", "11:00"),
      }),
    );
    expectOverlap(await patchEvent(member, plan.id, { event_type: "activity" }));
  });

  test("another person's activities, and an activity over one's own planning, do not count", async () => {
    const { orgId, member } = await guarded();
    const colleague = await addMember(t, orgId, "member");
    await made(
      await createEvent(colleague, { start_time: rome("2026-11-24", "09:00"), end_time: rome("2026-11-24", "13:00") }),
    );
    await made(
      await createEvent(member, {
        event_type: "planning",
        start_time: rome("2026-11-24", "09:00"),
        end_time: rome("2026-11-24", "13:00"),
      }),
    );
    expect(
      (await createEvent(member, { start_time: rome("2026-11-24", "10:00"), end_time: rome("2026-11-24", "11:00") }))
        .statusCode,
    ).toBe(201);
  });

  test("without the guard, activities may overlap", async () => {
    const { member } = await workspace();
    const span = { start_time: rome("2026-11-24", "09:00"), end_time: rome("2026-11-24", "13:00") };
    await made(await createEvent(member, span));
    expect((await createEvent(member, span)).statusCode).toBe(201);
  });

  test("stopping a timer on an activity that overlaps another is a 409, and the timer keeps running", async () => {
    const { orgId, admin, member } = await workspace();
    const now = Date.now();
    const timed = await made(await createEvent(member, { start_time: now - 20 * minute, end_time: now + 20 * minute }));
    await made(
      await createEvent(member, { title: "Design", start_time: now - 10 * minute, end_time: now + 10 * minute }),
    );
    expect((await startTimer(member, timed.id)).statusCode).toBe(201);
    await settings(orgId, admin, { prevent_overlapping_activities: true });
    const running = await snapshot(t.db);
    const response = await stopTimer(member);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "OVERLAPPING_ACTIVITY" });
    expect(response.json().ErrorMessage).toMatch(/^It overlaps "Design" \(\d\d:\d\d–\d\d:\d\d, \d+ Nov 2026\)/);
    expect(await snapshot(t.db)).toEqual(running);
  });

  test("concurrent overlapping creates: exactly one wins", async () => {
    const { member } = await guarded();
    const span = { start_time: rome("2026-11-26", "09:00"), end_time: rome("2026-11-26", "10:00") };
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        createEvent(member, { title: `Race ${i}`, start_time: span.start_time + i * minute, end_time: span.end_time }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const stored = await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.userId, member.id));
    expect(stored).toHaveLength(1);
  });

  test("an approval waits for a write of the person's activities under way, and the next write sees it", async () => {
    const { orgId, admin, member } = await workspace();
    await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${member.id}/timesheet/2026-11-16/submit`,
      token: member.token,
    });
    const [created, approved] = await Promise.all([
      createEvent(member, { start_time: rome("2026-11-17", "09:00"), end_time: rome("2026-11-17", "10:00") }),
      request(t.app, {
        method: "POST",
        url: `/api/v1/organization/${orgId}/timesheet/${member.id}/2026-11-16/approve`,
        json: {},
        token: admin.token,
      }),
    ]);
    expect(approved.statusCode).toBe(200);
    // Either the write went first and is in the approved week, or it came after and was refused.
    const stored = await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.userId, member.id));
    expect([201, 423]).toContain(created.statusCode);
    expect(stored).toHaveLength(created.statusCode === 201 ? 1 : 0);
    expectLocked(
      await createEvent(member, { start_time: rome("2026-11-18", "09:00"), end_time: rome("2026-11-18", "10:00") }),
    );
  });
});

describe("the guard's settings are the organization's own", () => {
  test("an organization with the guard on leaves another's people alone", async () => {
    const { member } = await workspace();
    const other = await buildOrganization(t, { owner: await buildUser(t, { termsOfUse: true, privacyPolicy: true }) });
    await t.db
      .update(organizations)
      .set({ preventOverlappingActivities: true, lockBefore: "2027-01-01" })
      .where(eq(organizations.id, other.organization.uid));
    const span = { start_time: rome("2026-11-24", "09:00"), end_time: rome("2026-11-24", "13:00") };
    await made(await createEvent(member, span));
    expect((await createEvent(member, span)).statusCode).toBe(201);
  });
});
