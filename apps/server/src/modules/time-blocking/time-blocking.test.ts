import { randomUUID } from "node:crypto";
import {
  type TaskCategory,
  type TimeBlockingEvent,
  taskCategorySchema,
  taskSchema,
  timeBlockingEventSchema,
} from "@timetrap/domain";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { timeBlockingEvents, timers } from "../../db/schema.js";
import {
  addMember,
  addMemberLacking,
  type BuiltUser,
  buildOrganization,
  buildUser,
  insertProjectWithTeam,
  testAudit,
} from "../../test/factories.js";
import { withToken } from "../../test/resource-calls.js";
import { request, snapshot, useTestApp } from "../../test/test-app.js";
import { createOrganizationsRepository } from "../organizations/organizations.repository.js";
import { createOrganizationsService } from "../organizations/organizations.service.js";
import { createSessionsRepository } from "../sessions/sessions.repository.js";
import { createSessionsService } from "../sessions/sessions.service.js";
import { createUsersRepository } from "../users/users.repository.js";
import { createUsersService } from "../users/users.service.js";
import { createTimeBlockingRepository } from "./time-blocking.repository.js";
import { createTimeBlockingService } from "./time-blocking.service.js";

const t = useTestApp();

const hour = 3_600_000;
const day = 24 * hour;
/** Monday 23 November 2026, 00:00 in Rome (UTC+1 in winter): the week most tests plan in. */
const monday = Date.UTC(2026, 10, 22, 23);
/** `hh:mm` in Rome on the `n`th day of that week (0 is Monday). */
const at = (n: number, hhmm: string) =>
  monday + n * day + Number(hhmm.slice(0, 2)) * hour + Number(hhmm.slice(3, 5)) * 60_000;
const week = { startTime: new Date(monday).toISOString(), endTime: new Date(monday + 7 * day).toISOString() };

const eventsUrl = (userId: string) => `/api/v1/user/${userId}/time-blocking`;
const listEvents = (userId: string, query: Record<string, string>, token?: string) =>
  request(t.app, { method: "GET", url: eventsUrl(userId), query, ...withToken(token) });
const listNotAssigned = (userId: string, query: Record<string, string>, token?: string) =>
  request(t.app, { method: "GET", url: `${eventsUrl(userId)}/not-assigned`, query, ...withToken(token) });
const createEvent = (userId: string, body: unknown, token?: string) =>
  request(t.app, { method: "POST", url: eventsUrl(userId), json: body, ...withToken(token) });
const updateEvent = (userId: string, eventId: string, body: unknown, token?: string) =>
  request(t.app, { method: "PATCH", url: `${eventsUrl(userId)}/${eventId}`, json: body, ...withToken(token) });
const deleteEvent = (userId: string, eventId: string, token?: string, query: Record<string, string> = {}) =>
  request(t.app, { method: "DELETE", url: `${eventsUrl(userId)}/${eventId}`, query, ...withToken(token) });

const validationDetails = (response: { json(): unknown }) =>
  (response.json() as { details?: Array<{ field: string; message: string }> }).details ?? [];

async function addCategory(orgId: string, token: string, body: Record<string, unknown>): Promise<TaskCategory> {
  const response = await request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/task-category`,
    token,
    json: body,
  });
  if (response.statusCode !== 201) throw new Error(`category not created: ${response.body}`);
  return taskCategorySchema.parse(response.json());
}

/**
 * An organization whose Admin (in Rome) has two projects, a category for everything, one only for planning and one
 * only for activities, and a task of the first project; a Manager (read and edit team), a Member (neither) and
 * someone with read but not edit on team.
 */
async function workspace() {
  const owner = await buildUser(t, {
    termsOfUse: true,
    privacyPolicy: true,
    nominative: "Olga Owner",
    preferences: { timeZone: "Europe/Rome" },
  });
  const built = await buildOrganization(t, { owner });
  const orgId = built.organization.uid;
  const project = await insertProjectWithTeam(t, orgId, { title: "Website", managerId: owner.id });
  const otherProject = await insertProjectWithTeam(t, orgId, { title: "App", managerId: owner.id });
  const category = await addCategory(orgId, owner.token, { name: "Design", color: "#fa5252" });
  const planningOnly = await addCategory(orgId, owner.token, {
    name: "Plans",
    color: "#228be6",
    is_used_for_tasks: false,
  });
  const activityOnly = await addCategory(orgId, owner.token, {
    name: "Work",
    color: "#40c057",
    is_used_for_planning: false,
  });
  const taskResponse = await request(t.app, {
    method: "POST",
    url: `/api/v1/organization/${orgId}/task`,
    token: owner.token,
    json: { name: "Wireframes", projectId: project.id, userId: owner.id, categoryId: category.uid },
  });
  const task = taskSchema.parse(taskResponse.json());
  const manager = await addMember(t, orgId, "manager");
  const member = await addMember(t, orgId, "member");
  const reader = await addMemberLacking(t, orgId, [{ action: "edit", subject: "team" }]);
  return {
    ...built,
    orgId,
    project,
    otherProject,
    category,
    planningOnly,
    activityOnly,
    task,
    manager,
    member,
    reader,
  };
}

/** An event made through the API on `owner`'s board. */
async function addEvent(owner: BuiltUser, body: Record<string, unknown>, token = owner.token) {
  const response = await createEvent(
    owner.id,
    { start_time: at(0, "09:00"), end_time: at(0, "10:00"), ...body },
    token,
  );
  if (response.statusCode !== 201) throw new Error(`event not created: ${response.body}`);
  return timeBlockingEventSchema.parse(response.json());
}

const eventRow = async (id: string) =>
  (await t.db.select().from(timeBlockingEvents).where(eq(timeBlockingEvents.id, id)))[0];

describe("POST /user/{id}/time-blocking", () => {
  test("adds an activity to one's own board with its project, category and task named, nothing logged yet", async () => {
    const { owner, project, category, task } = await workspace();
    const response = await createEvent(
      owner.id,
      {
        title: " Wireframes review ",
        start_time: at(0, "09:00"),
        end_time: at(0, "10:30"),
        project_id: project.id,
        category_id: category.uid,
        task_linked_id: task.uid,
      },
      owner.token,
    );
    expect(response.statusCode).toBe(201);
    const event = timeBlockingEventSchema.parse(response.json());
    expect(event).toEqual({
      id: expect.any(String),
      user_id: owner.id,
      title: "Wireframes review",
      start_time: at(0, "09:00"),
      end_time: at(0, "10:30"),
      all_day: false,
      color: "#3788d8",
      elapsed_time: 0,
      completed: false,
      event_type: "activity",
      source: "timetrap",
      source_id: null,
      calendar_id: null,
      project_id: project.id,
      project: { uid: project.id, title: "Website" },
      category_id: category.uid,
      category: { uid: category.uid, name: "Design", color: "#fa5252" },
      task_linked_id: task.uid,
      task: { uid: task.uid, name: "Wireframes" },
      recurrence_id: null,
      recurrence: null,
      is_occurrence: false,
    });
    expect(await eventRow(event.id)).toMatchObject({ userId: owner.id, elapsedTime: 0 });
  });

  test("logs the whole length of a block saved completed", async () => {
    const { owner } = await workspace();
    const response = await createEvent(
      owner.id,
      { start_time: at(0, "09:00"), end_time: at(0, "10:30"), completed: true },
      owner.token,
    );
    expect(response.json()).toMatchObject({ completed: true, elapsed_time: 5400 });
  });

  test("keeps the elapsed time and completion sent, and takes a planning block with a planning category", async () => {
    const { owner, planningOnly } = await workspace();
    const logged = await addEvent(owner, { elapsed_time: 600, completed: true });
    expect(logged).toMatchObject({ elapsed_time: 600, completed: true });
    const planned = await addEvent(owner, { event_type: "planning", category_id: planningOnly.uid });
    expect(planned).toMatchObject({ event_type: "planning", category: { uid: planningOnly.uid } });
  });

  test("fills an empty project and category from the task", async () => {
    const { owner, project, category, task } = await workspace();
    const event = await addEvent(owner, { task_linked_id: task.uid });
    expect(event).toMatchObject({
      project_id: project.id,
      project: { uid: project.id, title: "Website" },
      category_id: category.uid,
      task: { uid: task.uid, name: "Wireframes" },
    });
  });

  test("leaves the category empty when the task's one is not used for the event's type", async () => {
    const { owner, orgId, project, activityOnly } = await workspace();
    const taskResponse = await request(t.app, {
      method: "POST",
      url: `/api/v1/organization/${orgId}/task`,
      token: owner.token,
      json: { name: "Build", projectId: project.id, userId: owner.id, categoryId: activityOnly.uid },
    });
    const event = await addEvent(owner, { event_type: "planning", task_linked_id: taskResponse.json().uid });
    expect(event).toMatchObject({ project_id: project.id, category_id: null, category: null });
  });

  test("lets someone with edit on team add an event to a colleague's board, which stays the colleague's", async () => {
    const { owner, manager } = await workspace();
    const event = await addEvent(owner, { title: "Planned for you" }, manager.token);
    expect(event.user_id).toBe(owner.id);
    const board = await listEvents(owner.id, week, owner.token);
    expect((board.json() as TimeBlockingEvent[]).map((e) => e.id)).toEqual([event.id]);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ["an end before the start", { end_time: at(0, "08:00") }, "body.end_time", "End time has to be after start time!"],
    [
      "an end equal to the start",
      { end_time: at(0, "09:00") },
      "body.end_time",
      "End time has to be after start time!",
    ],
    [
      "an event longer than 31 days",
      { end_time: at(0, "09:00") + 32 * day },
      "body.end_time",
      "An event lasts at most 31 days",
    ],
    ["an unknown event type", { event_type: "meeting" }, "body.event_type", "Event type must be planning or activity"],
    ["a negative elapsed time", { elapsed_time: -1 }, "body.elapsed_time", "Elapsed time cannot be negative"],
    ["a colour by name", { color: "red" }, "body.color", "Colour must be written as #rrggbb"],
    ["a project that is not an id", { project_id: "website" }, "body.project_id", "Project must be a project id"],
    [
      "every 0",
      { recurrence: { every: 0, frequency: "WEEKLY" } },
      "body.recurrence.every",
      "Repeat every must be a whole number from 1 to 99",
    ],
    [
      "every 100",
      { recurrence: { every: 100, frequency: "WEEKLY" } },
      "body.recurrence.every",
      "Repeat every must be a whole number from 1 to 99",
    ],
    [
      "repeat 100",
      { recurrence: { every: 1, frequency: "DAILY", repeat: 100 } },
      "body.recurrence.repeat",
      "Occurrences must be a whole number from 0 to 99",
    ],
    [
      "weekday 7",
      { recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [1, 7] } },
      "body.recurrence.day_of_weeks.1",
      "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "weekday -1",
      { recurrence: { every: 1, frequency: "WEEKLY", day_of_weeks: [-1] } },
      "body.recurrence.day_of_weeks.0",
      "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)",
    ],
    [
      "an unknown frequency",
      { recurrence: { every: 1, frequency: "HOURLY" } },
      "body.recurrence.frequency",
      "Frequency must be DAILY, WEEKLY, MONTHLY or YEARLY",
    ],
    ["a field it does not know", { user_id: randomUUID() }, "body.user_id", "Unknown field"],
  ])("refuses %s with a 400 naming the field, writing nothing", async (_label, patch, field, message) => {
    const { owner } = await workspace();
    const before = await snapshot(t.db);
    const response = await createEvent(
      owner.id,
      { start_time: at(0, "09:00"), end_time: at(0, "10:00"), ...patch },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    expect(validationDetails(response)).toContainEqual({ field, message });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a task of another project than the event's with a 400 naming body.task_linked_id", async () => {
    const { owner, otherProject, task } = await workspace();
    const before = await snapshot(t.db);
    const response = await createEvent(
      owner.id,
      { start_time: at(0, "09:00"), end_time: at(0, "10:00"), project_id: otherProject.id, task_linked_id: task.uid },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.task_linked_id", message: "The task belongs to another project than the event's" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([
    ["a planning block", "planning", "activityOnly", "This category is not used for planning"],
    ["an activity", "activity", "planningOnly", "This category is not used for activities"],
  ] as const)(
    "refuses %s with a category not used for it, naming body.category_id",
    async (_label, type, which, message) => {
      const built = await workspace();
      const before = await snapshot(t.db);
      const response = await createEvent(
        built.owner.id,
        { start_time: at(0, "09:00"), end_time: at(0, "10:00"), event_type: type, category_id: built[which].uid },
        built.owner.token,
      );
      expect(response.statusCode).toBe(400);
      expect(validationDetails(response)).toEqual([{ field: "body.category_id", message }]);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("answers 404 for a project, category, task or series of another organization, writing nothing", async () => {
    const { owner } = await workspace();
    const other = await workspace();
    const theirSeries = await addEvent(other.owner, { recurrence: { every: 1, frequency: "DAILY" } });
    const before = await snapshot(t.db);
    for (const [patch, message] of [
      [{ project_id: other.project.id }, "Project not found"],
      [{ category_id: other.category.uid }, "Category not found"],
      [{ task_linked_id: other.task.uid }, "Task not found"],
      [{ recurrence_id: theirSeries.recurrence_id }, "Recurrence not found"],
      [{ project_id: randomUUID() }, "Project not found"],
    ] as const) {
      const response = await createEvent(
        owner.id,
        { start_time: at(0, "09:00"), end_time: at(0, "10:00"), ...patch },
        owner.token,
      );
      expect(response.statusCode, JSON.stringify(patch)).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: message });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("refuses a colleague without edit on team (403), and answers 404 to another organization and an unknown user", async () => {
    const { owner, reader } = await workspace();
    const stranger = (await workspace()).owner;
    const body = { start_time: at(0, "09:00"), end_time: at(0, "10:00") };
    const before = await snapshot(t.db);

    const forbidden = await createEvent(owner.id, body, reader.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: "FORBIDDEN", ErrorMessage: "You need the right to edit team" });
    for (const [userId, token] of [
      [owner.id, stranger.token],
      [stranger.id, owner.token],
      [randomUUID(), owner.token],
    ] as const) {
      const response = await createEvent(userId, body, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "User not found" });
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await createEvent(owner.id, body)).statusCode).toBe(401);
  });

  test("answers 404 to someone who has no organization yet, writing nothing", async () => {
    const loner = await buildUser(t);
    const before = await snapshot(t.db);
    const response = await createEvent(loner.id, { start_time: at(0, "09:00"), end_time: at(0, "10:00") }, loner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ErrorMessage: "Organization not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("GET /user/{id}/time-blocking", () => {
  test("lists the owner's events overlapping the range by start, leaving out those outside it and other people's", async () => {
    const { owner, manager, task } = await workspace();
    const spanning = await addEvent(owner, {
      title: "From last week",
      start_time: at(-1, "22:00"),
      end_time: at(0, "01:00"),
    });
    const long = await addEvent(owner, {
      title: "Month-long",
      start_time: at(0, "08:00") - 30 * day,
      end_time: at(0, "08:00") + day,
    });
    const later = await addEvent(owner, { title: "Friday", start_time: at(4, "15:00"), end_time: at(4, "16:00") });
    const first = await addEvent(owner, { title: "Monday", task_linked_id: task.uid });
    await addEvent(owner, { title: "Ended at the start", start_time: at(-1, "22:00"), end_time: at(0, "00:00") });
    await addEvent(owner, { title: "Next week", start_time: at(7, "00:00"), end_time: at(7, "01:00") });
    await addEvent(manager, { title: "Someone else's" });

    const response = await listEvents(owner.id, week, owner.token);
    expect(response.statusCode).toBe(200);
    const events = timeBlockingEventSchema.array().parse(response.json());
    expect(events.map((e) => e.title)).toEqual(["Month-long", "From last week", "Monday", "Friday"]);
    expect(events.map((e) => e.id)).toEqual([long.id, spanning.id, first.id, later.id]);
    expect(events[2]).toEqual(first);
    expect(first).toMatchObject({
      project: { title: "Website" },
      category: { name: "Design" },
      task: { name: "Wireframes" },
    });
  });

  test("reads the range as epoch milliseconds too", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, {});
    const response = await listEvents(
      owner.id,
      { startTime: String(monday), endTime: String(monday + day) },
      owner.token,
    );
    expect((response.json() as TimeBlockingEvent[]).map((e) => e.id)).toEqual([event.id]);
  });

  test.each<[string, Record<string, string>, string, string]>([
    [
      "a missing end",
      { startTime: week.startTime },
      "query.endTime",
      "endTime must be an ISO date-time or epoch milliseconds",
    ],
    [
      "a word",
      { startTime: "monday", endTime: week.endTime },
      "query.startTime",
      "startTime must be an ISO date-time or epoch milliseconds",
    ],
    [
      "an end before the start",
      { startTime: week.endTime, endTime: week.startTime },
      "query.endTime",
      "endTime must be after startTime",
    ],
    [
      "more than 62 days",
      { startTime: week.startTime, endTime: new Date(monday + 63 * day).toISOString() },
      "query.endTime",
      "A range covers at most 62 days",
    ],
    [
      "epoch milliseconds beyond the year 9999",
      { startTime: "99999999999999999", endTime: "100000000000000000" },
      "query.endTime",
      "endTime must be before the year 10000",
    ],
  ])("refuses %s with a 400 naming the bound", async (_label, query, field, message) => {
    const { owner } = await workspace();
    const response = await listEvents(owner.id, query, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toContainEqual({ field, message });
  });

  test("shows a colleague's board with read on team, refuses it without (403), and answers 404 across organizations", async () => {
    const { owner, reader, member } = await workspace();
    const event = await addEvent(owner, { title: "Mine" });
    const read = await listEvents(owner.id, week, reader.token);
    expect(read.statusCode).toBe(200);
    expect((read.json() as TimeBlockingEvent[]).map((e) => e.id)).toEqual([event.id]);

    const refused = await listEvents(owner.id, week, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to read team" });

    const stranger = (await workspace()).owner;
    const across = await listEvents(owner.id, week, stranger.token);
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ ErrorMessage: "User not found" });
    expect(across.body).not.toContain(event.id);
    expect((await listEvents(randomUUID(), week, owner.token)).statusCode).toBe(404);
    expect((await listEvents(owner.id, week)).statusCode).toBe(401);
  });

  test("answers an empty board to someone who has no organization yet", async () => {
    const loner = await buildUser(t);
    const response = await listEvents(loner.id, week, loner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe("PATCH /user/{id}/time-blocking/{eventId}", () => {
  test("changes only the fields sent", async () => {
    const { owner, project } = await workspace();
    const event = await addEvent(owner, { title: "Draft", project_id: project.id, elapsed_time: 900 });
    const response = await updateEvent(owner.id, event.id, { title: "Final", color: "#FA5252" }, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...event, title: "Final", color: "#fa5252" });

    const moved = await updateEvent(owner.id, event.id, { end_time: at(0, "11:00") }, owner.token);
    expect(moved.json()).toMatchObject({ start_time: at(0, "09:00"), end_time: at(0, "11:00"), elapsed_time: 900 });
    const unlinked = await updateEvent(owner.id, event.id, { project_id: null }, owner.token);
    expect(unlinked.json()).toMatchObject({ project_id: null, project: null, title: "Final" });
  });

  test("refuses an end not after the stored start with a 400 naming body.end_time, changing nothing", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, {});
    const before = await snapshot(t.db);
    const response = await updateEvent(owner.id, event.id, { end_time: at(0, "08:00") }, owner.token);
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.end_time", message: "End time has to be after start time!" },
    ]);
    const both = await updateEvent(
      owner.id,
      event.id,
      { start_time: at(0, "11:00"), end_time: at(0, "10:00") },
      owner.token,
    );
    expect(validationDetails(both)).toEqual([
      { field: "body.end_time", message: "End time has to be after start time!" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("answers the spec's Italian message for an event that does not exist, or is someone else's", async () => {
    const { owner, manager } = await workspace();
    const theirs = await addEvent(manager, {});
    const before = await snapshot(t.db);
    for (const eventId of [randomUUID(), theirs.id]) {
      const response = await updateEvent(owner.id, eventId, { title: "Mine now" }, owner.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: "NOT_FOUND",
        ErrorMessage: "Impossibile aggiornare l'evento: task non trovato",
      });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("turns planning into activity with the block's duration as elapsed time, unless an elapsed time is sent", async () => {
    const { owner } = await workspace();
    const first = await addEvent(owner, { event_type: "planning", end_time: at(0, "10:30") });
    expect(first.elapsed_time).toBe(0);
    const switched = await updateEvent(owner.id, first.id, { event_type: "activity" }, owner.token);
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ event_type: "activity", elapsed_time: 5400 });

    const second = await addEvent(owner, { event_type: "planning" });
    const sent = await updateEvent(owner.id, second.id, { event_type: "activity", elapsed_time: 60 }, owner.token);
    expect(sent.json()).toMatchObject({ event_type: "activity", elapsed_time: 60 });
    const back = await updateEvent(owner.id, second.id, { event_type: "planning" }, owner.token);
    expect(back.json()).toMatchObject({ event_type: "planning", elapsed_time: 60 });
  });

  test("refuses to switch a completed event between planning and activity with a 409, changing nothing", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, { completed: true });
    const before = await snapshot(t.db);
    const response = await updateEvent(owner.id, event.id, { event_type: "planning" }, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "CONFLICT",
      ErrorMessage: "A completed event cannot change between planning and activity",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("holds the result to a creation's rules: the task in the project, the category fit for the type", async () => {
    const { owner, otherProject, task, activityOnly } = await workspace();
    const event = await addEvent(owner, { task_linked_id: task.uid });
    const withCategory = await addEvent(owner, { category_id: activityOnly.uid });
    const before = await snapshot(t.db);
    const moved = await updateEvent(owner.id, event.id, { project_id: otherProject.id }, owner.token);
    expect(moved.statusCode).toBe(400);
    expect(validationDetails(moved)).toEqual([
      { field: "body.task_linked_id", message: "The task belongs to another project than the event's" },
    ]);
    const switched = await updateEvent(owner.id, withCategory.id, { event_type: "planning" }, owner.token);
    expect(switched.statusCode).toBe(400);
    expect(validationDetails(switched)).toEqual([
      { field: "body.category_id", message: "This category is not used for planning" },
    ]);
    expect(await snapshot(t.db)).toEqual(before);

    const both = await updateEvent(
      owner.id,
      event.id,
      { project_id: otherProject.id, task_linked_id: null },
      owner.token,
    );
    expect(both.json()).toMatchObject({ project_id: otherProject.id, task_linked_id: null, task: null });
  });

  test("refuses occurrence_start on an event that does not repeat", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, {});
    const response = await updateEvent(
      owner.id,
      event.id,
      { occurrence_start: event.start_time, start_time: at(1, "09:00") },
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(validationDetails(response)).toEqual([
      { field: "body.occurrence_start", message: "Only an event that repeats has occurrences to name" },
    ]);
  });

  test("refuses bad bodies with a 400 naming the field", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, {});
    for (const [body, field] of [
      [{}, "body"],
      [{ event_type: "meeting" }, "body.event_type"],
      [{ recurrence: { every: 0, frequency: "DAILY" } }, "body.recurrence.every"],
      [{ id: event.id }, "body.id"],
    ] as const) {
      const response = await updateEvent(owner.id, event.id, body, owner.token);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(validationDetails(response)).toContainEqual(expect.objectContaining({ field }));
    }
    const notAnId = await updateEvent(owner.id, "monday", { title: "x" }, owner.token);
    expect(validationDetails(notAnId)).toContainEqual(expect.objectContaining({ field: "params.eventId" }));
  });

  test("lets a colleague with edit on team change the event, and refuses one without it or of another organization", async () => {
    const { owner, manager, reader } = await workspace();
    const event = await addEvent(owner, {});
    expect((await updateEvent(owner.id, event.id, { title: "By the manager" }, manager.token)).statusCode).toBe(200);
    const stranger = (await workspace()).owner;
    const before = await snapshot(t.db);
    const refused = await updateEvent(owner.id, event.id, { title: "By a reader" }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to edit team" });
    const across = await updateEvent(owner.id, event.id, { title: "By a stranger" }, stranger.token);
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ ErrorMessage: "User not found" });
    expect(await snapshot(t.db)).toEqual(before);
  });
});

describe("DELETE /user/{id}/time-blocking/{eventId}", () => {
  test("deletes a standalone event; a second delete is a 404", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, {});
    const kept = await addEvent(owner, { title: "Kept" });
    const response = await deleteEvent(owner.id, event.id, owner.token);
    expect(response.statusCode).toBe(204);
    expect(await eventRow(event.id)).toBeUndefined();
    expect((await listEvents(owner.id, week, owner.token)).json()).toEqual([kept]);
    const again = await deleteEvent(owner.id, event.id, owner.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ ErrorMessage: "Event not found" });
  });

  test("takes a timer running on the event with it", async () => {
    const { owner } = await workspace();
    const event = await addEvent(owner, { start_time: Date.now() - hour, end_time: Date.now() + hour });
    const started = await request(t.app, {
      method: "POST",
      url: `/api/v1/user/${owner.id}/timer`,
      token: owner.token,
      json: { start_time: Date.now(), time_blocking_event_id: event.id },
    });
    expect(started.statusCode).toBe(201);
    expect((await deleteEvent(owner.id, event.id, owner.token)).statusCode).toBe(204);
    expect(await t.db.select().from(timers).where(eq(timers.userId, owner.id))).toEqual([]);
  });

  test("refuses a colleague without edit on team, someone else's event and another organization, deleting nothing", async () => {
    const { owner, manager, reader } = await workspace();
    const event = await addEvent(owner, {});
    const theirs = await addEvent(manager, {});
    const stranger = (await workspace()).owner;
    const before = await snapshot(t.db);
    const refused = await deleteEvent(owner.id, event.id, reader.token);
    expect(refused.statusCode).toBe(403);
    expect((await deleteEvent(owner.id, event.id, stranger.token)).statusCode).toBe(404);
    const notMine = await deleteEvent(owner.id, theirs.id, owner.token);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ ErrorMessage: "Event not found" });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await deleteEvent(owner.id, event.id, manager.token)).statusCode).toBe(204);
  });
});

describe("GET /user/{id}/time-blocking/not-assigned", () => {
  test("lists activities with time and no project, newest first", async () => {
    const { owner, manager, project } = await workspace();
    const older = await addEvent(owner, { title: "Older", elapsed_time: 600 });
    const newer = await addEvent(owner, {
      title: "Newer",
      start_time: at(2, "09:00"),
      end_time: at(2, "10:00"),
      completed: true,
    });
    await addEvent(owner, { title: "Assigned", project_id: project.id });
    await addEvent(owner, { title: "Planning", event_type: "planning" });
    await addEvent(owner, { title: "No time", elapsed_time: 0 });
    await addEvent(manager, { title: "Someone else's" });

    const response = await listNotAssigned(owner.id, {}, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([newer, older]);
    const tuesday = {
      startTime: new Date(at(1, "00:00")).toISOString(),
      endTime: new Date(at(3, "00:00")).toISOString(),
    };
    expect((await listNotAssigned(owner.id, tuesday, owner.token)).json()).toEqual([newer]);
  });

  test("answers at most 200 entries", async () => {
    const { owner, orgId } = await workspace();
    await t.db.insert(timeBlockingEvents).values(
      Array.from({ length: 201 }, (_, i) => ({
        organizationId: orgId,
        userId: owner.id,
        startTime: new Date(at(0, "09:00") + i * 60_000),
        endTime: new Date(at(0, "10:00") + i * 60_000),
        elapsedTime: 60,
      })),
    );
    const events = (await listNotAssigned(owner.id, {}, owner.token)).json() as TimeBlockingEvent[];
    expect(events).toHaveLength(200);
    expect(events[0]!.start_time).toBe(at(0, "09:00") + 200 * 60_000);
  });

  test("refuses half a range with a 400 naming the missing bound, and someone without read on team", async () => {
    const { owner, member } = await workspace();
    const half = await listNotAssigned(owner.id, { startTime: week.startTime }, owner.token);
    expect(half.statusCode).toBe(400);
    expect(validationDetails(half)).toContainEqual({
      field: "query.endTime",
      message: "endTime must be an ISO date-time or epoch milliseconds",
    });
    const refused = await listNotAssigned(owner.id, {}, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorMessage: "You need the right to read team" });
  });
});

describe("OpenAPI", () => {
  test("documents the board's calls with their ranges, bodies and answers", async () => {
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json();
    const list = document.paths["/api/v1/user/{id}/time-blocking"];
    const one = document.paths["/api/v1/user/{id}/time-blocking/{eventId}"];
    const series = document.paths["/api/v1/user/{id}/recurrence/{recId}"];
    expect(Object.keys(list).sort()).toEqual(["get", "post"]);
    expect(Object.keys(one).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(series)).toEqual(["patch"]);
    const range = list.get.parameters.filter((p: { in: string }) => p.in === "query");
    expect(range.map((p: { name: string; required: boolean }) => [p.name, p.required]).sort()).toEqual([
      ["endTime", true],
      ["startTime", true],
    ]);
    const optional = document.paths["/api/v1/user/{id}/time-blocking/not-assigned"].get.parameters.filter(
      (p: { in: string }) => p.in === "query",
    );
    expect(optional.map((p: { name: string; required: boolean }) => [p.name, p.required]).sort()).toEqual([
      ["endTime", false],
      ["startTime", false],
    ]);
    expect(Object.keys(list.post.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["start_time", "end_time", "event_type", "recurrence", "recurrence_id"]),
    );
    expect(Object.keys(series.patch.responses)).toEqual(expect.arrayContaining(["200", "204", "404"]));
  });
});

describe("the owner's read", () => {
  /** The service on the test database, with the users module counting the owners it is asked for. */
  function serviceCountingOwnerReads() {
    const users = createUsersService({
      repository: createUsersRepository(t.db),
      organizations: createOrganizationsService({
        repository: createOrganizationsRepository(t.db),
        audit: testAudit(t),
      }),
      sessions: createSessionsService({
        repository: createSessionsRepository(t.db),
        authSecret: t.config.authSecret,
        audit: testAudit(t),
      }),
      audit: testAudit(t),
    });
    const ownersRead: string[] = [];
    const service = createTimeBlockingService({
      repository: createTimeBlockingRepository(t.db),
      organizations: createOrganizationsService({
        repository: createOrganizationsRepository(t.db),
        audit: testAudit(t),
      }),
      users: {
        findAccountWithOrganization: async ({ userId }) => {
          ownersRead.push(userId);
          return users.findAccountWithOrganization({ userId });
        },
      },
      // These tests only read the board.
      periodLock: {
        assertActivitiesUnlocked: () => Promise.reject(new Error("the board is only read here")),
      },
    });
    return { service, ownersRead };
  }

  test("one's own board takes the organization and zone the session check read, another's board reads its owner", async () => {
    const { organization, owner } = await buildOrganization(t);
    const member = await addMember(t, organization.uid, "member");
    const made = await createEvent(
      member.id,
      { title: "Standup", start_time: at(0, "09:00"), end_time: at(0, "09:30"), event_type: "planning" },
      member.token,
    );
    expect(made.statusCode).toBe(201);
    const range = { from: monday, to: monday + 7 * day };
    const { service, ownersRead } = serviceCountingOwnerReads();

    // As the authenticate hook gives it: what the session check read of the member.
    const actorAccount = {
      organizationId: organization.uid,
      preferences: { timeZone: "Europe/Rome" },
      enrolmentRequired: false,
    };
    const own = await service.listEvents({ actorId: member.id, actorAccount, userId: member.id, range });
    expect(own.map((event) => event.title)).toEqual(["Standup"]);
    expect(ownersRead).toEqual([]);

    // The admin's own account says nothing of the member's board: its owner is read.
    const adminAccount = { organizationId: organization.uid, preferences: {}, enrolmentRequired: false };
    const theirs = await service.listEvents({
      actorId: owner.id,
      actorAccount: adminAccount,
      userId: member.id,
      range,
    });
    expect(theirs.map((event) => event.title)).toEqual(["Standup"]);
    expect(ownersRead).toEqual([member.id]);

    // Without what the session read (a caller that has none), one's own board reads its owner as before.
    await service.listEvents({ actorId: member.id, userId: member.id, range });
    expect(ownersRead).toEqual([member.id, member.id]);
  });

  test("the session check reads the user's organization and preferences with the session", async () => {
    const { organization, owner } = await buildOrganization(t);
    const sessions = createSessionsService({
      repository: createSessionsRepository(t.db),
      authSecret: t.config.authSecret,
      audit: testAudit(t),
    });
    const signedIn = await sessions.verifySession({ token: owner.token });
    expect(signedIn).toMatchObject({ userId: owner.id, account: { organizationId: organization.uid } });
    const loner = await buildUser(t);
    expect((await sessions.verifySession({ token: loner.token })).account.organizationId).toBeNull();
  });
});
