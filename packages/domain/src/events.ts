import { z } from "zod";
import { someFieldRequired } from "./calendar-date.js";
import { defaultEventColor, defaultEventType, type EventType, eventTypes } from "./event-types.js";
import { recurrenceRuleInputSchema, recurrenceSchema } from "./recurrence.js";
import { calendarDateIn } from "./zoned-time.js";

/**
 * The event rules of spec part 1 §4 "Events" and "Timer", on times as epoch milliseconds. The form applies them as a
 * person edits; the server applies them again to what it is sent.
 */

// The kinds and the default colour live in event-types.ts, so that a module needing only them (the theme's colour
// contrast) does not bring the schemas and zod along.
export { defaultEventColor, defaultEventType, type EventType, eventTypes };

/** Spec part 1 §9: an end that is not after the start becomes the start plus 30 minutes (1800 s of elapsed time). */
export const endAdjustmentMs = 30 * 60 * 1000;
/** A new or dropped event lasts one hour. */
export const defaultEventDurationMs = 60 * 60 * 1000;

export interface EventTimes {
  start_time: number;
  end_time: number;
  /** Seconds. */
  elapsed_time: number;
}

export interface EventState extends EventTimes {
  event_type: EventType;
  completed: boolean;
  project_id: string | null;
}

/** Elapsed time follows end minus start, in whole seconds, never below 0. */
export function elapsedBetween(start: number, end: number): number {
  return Math.max(0, Math.round((end - start) / 1000));
}

/**
 * What a new event has logged when nothing is said: its whole length when it is saved completed, otherwise nothing
 * yet. A block that is planned or not yet done logs time when its time is confirmed or a timer stops on it.
 */
export function initialElapsed(event: Pick<EventState, "start_time" | "end_time" | "completed">): number {
  return event.completed ? elapsedBetween(event.start_time, event.end_time) : 0;
}

/** A new start at or after the end moves the end to the start plus 30 minutes. */
export function withStart<T extends EventTimes>(event: T, start: number): T {
  const end = start >= event.end_time ? start + endAdjustmentMs : event.end_time;
  return { ...event, start_time: start, end_time: end, elapsed_time: elapsedBetween(start, end) };
}

/** An end not after the start becomes the start plus 30 minutes, with 1800 s elapsed. */
export function withEnd<T extends EventTimes>(event: T, end: number): T {
  const adjusted = end <= event.start_time ? event.start_time + endAdjustmentMs : end;
  return { ...event, end_time: adjusted, elapsed_time: elapsedBetween(event.start_time, adjusted) };
}

/** Editing the elapsed time moves the end to the start plus that duration. */
export function withElapsed<T extends EventTimes>(event: T, seconds: number): T {
  const elapsed = Math.max(0, Math.round(seconds));
  return { ...event, elapsed_time: elapsed, end_time: event.start_time + elapsed * 1000 };
}

/**
 * Whether "confirm time" is offered: the event is not completed, has ended, is not a planning block, has no elapsed
 * time yet and has a project.
 */
export function canConfirmTime(event: EventState, now: number): boolean {
  return (
    !event.completed &&
    event.end_time <= now &&
    event.event_type !== "planning" &&
    !event.elapsed_time &&
    event.project_id !== null
  );
}

/** Confirming time completes the event with its whole duration as elapsed time. */
export function confirmTime<T extends EventState>(event: T): T {
  return { ...event, completed: true, elapsed_time: elapsedBetween(event.start_time, event.end_time) };
}

/** Planning and activity switch into each other only while the event is not completed. */
export function canSwitchEventType(event: Pick<EventState, "completed">): boolean {
  return !event.completed;
}

/** The other type; planning becoming activity takes the block's duration as its elapsed time. */
export function switchEventType<T extends EventState>(event: T): T {
  if (event.event_type === "planning") {
    return { ...event, event_type: "activity", elapsed_time: elapsedBetween(event.start_time, event.end_time) };
  }
  return { ...event, event_type: "planning" };
}

/** A copy starts with no elapsed time, not completed. */
export function duplicateEvent<T extends EventTimes & { completed: boolean }>(event: T): T {
  return { ...event, elapsed_time: 0, completed: false };
}

/**
 * Whether the play button shows: not a planning block, not running, not completed, and starting today or earlier.
 * `endOfToday` is the last millisecond of today in the reader's time zone.
 */
export function canStartTimer(
  event: Pick<EventState, "event_type" | "completed" | "start_time">,
  options: { running: boolean; endOfToday: number },
): boolean {
  return (
    event.event_type !== "planning" && !options.running && !event.completed && event.start_time <= options.endOfToday
  );
}

/** Stopping a timer adds the seconds since it started to the event's elapsed time. */
export function elapsedAfterTimer(elapsed: number, timerStart: number, now: number): number {
  return Math.max(0, elapsed) + elapsedBetween(timerStart, now);
}

/** Hex colour as the colour picker writes it. */
const eventColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Colour must be written as #rrggbb")
  .transform((v) => v.toLowerCase());

/** 1970 to 9999: beyond it the database cannot store the time. */
const instantSchema = (field: string) =>
  z
    .number({ message: `${field} must be a time in epoch milliseconds` })
    .int(`${field} must be a time in epoch milliseconds`)
    .min(0, `${field} must be a time in epoch milliseconds`)
    .max(253_402_300_799_999, `${field} must be before the year 10000`);

const optionalId = (message: string) =>
  z
    .union([z.uuid({ message }), z.literal(""), z.null()], { message })
    .optional()
    .transform((v) => (v ? v : null));

/** A block lasts at most 31 days: longer is a typo, and it would blow up every range query. */
export const longestEventMs = 31 * 24 * 60 * 60 * 1000;

/** What the server keeps of an elapsed time: up to 31 days, in whole seconds. */
const elapsedSchema = z
  .number({ message: "Elapsed time must be a number of seconds" })
  .int("Elapsed time must be a whole number of seconds")
  .min(0, "Elapsed time cannot be negative")
  .max(longestEventMs / 1000, "Elapsed time cannot exceed 31 days");

export const endTimeMessage = "End time has to be after start time!";

const eventFields = {
  title: z.string({ message: "Title must be text" }).trim().max(500, "Title is at most 500 characters"),
  start_time: instantSchema("Start time"),
  end_time: instantSchema("End time"),
  all_day: z.boolean(),
  color: eventColorSchema,
  elapsed_time: elapsedSchema,
  completed: z.boolean(),
  event_type: z.enum(eventTypes, { message: "Event type must be planning or activity" }),
  project_id: optionalId("Project must be a project id"),
  category_id: optionalId("Category must be a category id"),
  task_linked_id: optionalId("Task must be a task id"),
  source: z.string().trim().min(1).max(40),
  source_id: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v ?? null),
  calendar_id: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v ?? null),
};

function endAfterStart(value: { start_time?: number; end_time?: number }, ctx: z.RefinementCtx) {
  if (value.start_time === undefined || value.end_time === undefined) return;
  if (value.end_time <= value.start_time) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: endTimeMessage });
  } else if (value.end_time - value.start_time > longestEventMs) {
    ctx.addIssue({ code: "custom", path: ["end_time"], message: "An event lasts at most 31 days" });
  }
}

/**
 * `POST user/{id}/time-blocking`. `recurrence` makes the event the first occurrence of a new series;
 * `recurrence_id` without `recurrence` saves it as a standalone change of that series, which takes the
 * series' occurrence on the same day out (spec part 1 §4).
 */
export const timeBlockingEventInputSchema = z
  .object({
    ...eventFields,
    title: eventFields.title.default(""),
    all_day: eventFields.all_day.default(false),
    color: eventFields.color.default(defaultEventColor),
    elapsed_time: elapsedSchema.optional(),
    completed: eventFields.completed.default(false),
    event_type: eventFields.event_type.default(defaultEventType),
    source: eventFields.source.default("timetrap"),
    recurrence_id: optionalId("recurrence_id must be a recurrence id"),
    recurrence: recurrenceRuleInputSchema.nullish().transform((v) => v ?? null),
  })
  .strict()
  .superRefine(endAfterStart);
export type TimeBlockingEventInput = z.infer<typeof timeBlockingEventInputSchema>;
export type TimeBlockingEventInputFields = z.input<typeof timeBlockingEventInputSchema>;

/**
 * `PATCH user/{id}/time-blocking/{eventId}`: only the fields sent change. `event_type` may only switch planning ↔
 * activity while the event is not completed. On a series, `occurrence_start` names the occurrence the person
 * edited; the change then moves every occurrence the same way. `recurrence: null` stops a series repeating.
 */
export const timeBlockingEventPatchSchema = /* @__PURE__ */ someFieldRequired(
  z
    .object({
      ...eventFields,
      recurrence: recurrenceRuleInputSchema.nullable(),
      occurrence_start: instantSchema("occurrence_start"),
    })
    .partial()
    .strict()
    .superRefine(endAfterStart),
);
export type TimeBlockingEventPatch = z.infer<typeof timeBlockingEventPatchSchema>;

const refSchema = z.object({ uid: z.string(), title: z.string() });

export const timeBlockingEventSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  all_day: z.boolean(),
  color: z.string(),
  elapsed_time: z.number(),
  completed: z.boolean(),
  event_type: z.enum(eventTypes),
  source: z.string(),
  source_id: z.string().nullable(),
  calendar_id: z.string().nullable(),
  project_id: z.string().nullable(),
  project: refSchema.nullable(),
  category_id: z.string().nullable(),
  category: z.object({ uid: z.string(), name: z.string(), color: z.string() }).nullable(),
  task_linked_id: z.string().nullable(),
  task: z.object({ uid: z.string(), name: z.string() }).nullable(),
  recurrence_id: z.string().nullable(),
  recurrence: recurrenceSchema.nullable(),
  /**
   * True for an occurrence computed from a series (its `id` is the series' template event). Changing one
   * occurrence alone means skipping it and saving a standalone event.
   */
  is_occurrence: z.boolean(),
});
export type TimeBlockingEvent = z.infer<typeof timeBlockingEventSchema>;

/** `GET user/{id}/time-blocking?startTime&endTime`: ISO 8601 or epoch milliseconds. At most 62 days at once. */
export const timeBlockingRangeQuerySchema = z
  .object({
    startTime: z.union([z.iso.datetime({ offset: true }), z.string().regex(/^\d+$/)], {
      message: "startTime must be an ISO date-time or epoch milliseconds",
    }),
    endTime: z.union([z.iso.datetime({ offset: true }), z.string().regex(/^\d+$/)], {
      message: "endTime must be an ISO date-time or epoch milliseconds",
    }),
  })
  .transform((q) => ({ from: parseInstant(q.startTime), to: parseInstant(q.endTime) }))
  .refine((r) => r.to > r.from, { message: "endTime must be after startTime", path: ["endTime"] })
  .refine((r) => r.to - r.from <= longestRangeMs, { message: "A range covers at most 62 days", path: ["endTime"] });

export const longestRangeMs = 62 * 24 * 60 * 60 * 1000;

function parseInstant(value: string): number {
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/** `POST user/{id}/timer` (ARCHITECTURE.md "Wire format"). */
export const timerStartSchema = z
  .object({
    start_time: instantSchema("start_time"),
    time_blocking_event_id: z.uuid({ message: "time_blocking_event_id must be an event id" }),
  })
  .strict();
export type TimerStart = z.infer<typeof timerStartSchema>;

export const timerSchema = z.object({
  user_id: z.string(),
  start_time: z.number(),
  event: timeBlockingEventSchema,
});
export type Timer = z.infer<typeof timerSchema>;

/** A planning block takes categories flagged for planning; an activity, those flagged for tasks (spec §4). */
export function categoryFitsEventType(
  category: { is_used_for_tasks: boolean; is_used_for_planning: boolean },
  eventType: EventType,
): boolean {
  return eventType === "planning" ? category.is_used_for_planning : category.is_used_for_tasks;
}

/** The seconds of completed activity per day (`YYYY-MM-DD` in `timeZone`), for the board's day headers. */
export function completedActivityByDay(
  events: readonly Pick<TimeBlockingEvent, "start_time" | "elapsed_time" | "completed" | "event_type">[],
  timeZone: string,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const event of events) {
    if (!event.completed || event.event_type !== "activity") continue;
    const day = calendarDateIn(event.start_time, timeZone);
    totals.set(day, (totals.get(day) ?? 0) + Math.max(0, event.elapsed_time));
  }
  return totals;
}

/** Whether a tile shows its elapsed time: completed, not planning, and above 0 (spec §2 "Board"). */
export function showsElapsedTime(event: Pick<EventState, "completed" | "event_type" | "elapsed_time">): boolean {
  return event.completed && event.event_type !== "planning" && event.elapsed_time > 0;
}

/** Copy is offered only for events that are not completed. */
export function canCopyEvent(event: Pick<EventState, "completed">): boolean {
  return !event.completed;
}

/** `HH:MM:SS` of a number of seconds (hours may exceed 24). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/**
 * The duration field's mask (spec §5): digits only, read as HH:MM:SS; a minutes or seconds part starting with a
 * digit above 5 is corrected to start with 5. Returns the corrected text and its seconds.
 */
export function correctDurationInput(input: string): { text: string; seconds: number } {
  const digits = input.replace(/\D/g, "").slice(0, 6).padEnd(6, "0").split("");
  if (Number(digits[2]) > 5) digits[2] = "5";
  if (Number(digits[4]) > 5) digits[4] = "5";
  const text = `${digits[0]}${digits[1]}:${digits[2]}${digits[3]}:${digits[4]}${digits[5]}`;
  const [h, m, s] = text.split(":").map(Number) as [number, number, number];
  return { text, seconds: h * 3600 + m * 60 + s };
}
