import {
  addCalendarDays,
  type CalendarDate,
  calendarDateIn,
  calendarDaysBetween,
  categoryFitsEventType,
  defaultEventColor,
  defaultEventType,
  type EventType,
  elapsedBetween,
  endTimeMessage,
  instantAt,
  type Recurrence,
  type RecurrenceRuleInput,
  switchEventType,
  type TaskCategory,
  type TimeBlockingEvent,
  type TimeBlockingEventInputFields,
  type TimeBlockingEventPatch,
  timeBlockingEventInputSchema,
  wallClockAt,
  withEnd,
  withStart,
} from "@timetrap/domain";

/**
 * What the event form edits, and how a person's edits become new values: the time rules themselves are the domain's
 * (`withStart`, `withEnd`, `withElapsed`, `switchEventType`); this file turns picked days and times of day into
 * instants in the browser's time zone, where the board shows events (ARCHITECTURE.md "Time").
 */
export interface EventFormValues {
  title: string;
  start_time: number;
  end_time: number;
  /** Seconds. */
  elapsed_time: number;
  all_day: boolean;
  color: string;
  event_type: EventType;
  completed: boolean;
  project_id: string | null;
  category_id: string | null;
  task_linked_id: string | null;
  recurrence: RecurrenceRuleInput | null;
}

export type CreateDraft = {
  start_time: number;
  end_time: number;
  all_day?: boolean;
} & Partial<TimeBlockingEventInputFields>;

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The rule of a stored series, as the recurrence dialog edits it (its skips and end stay on the server). */
type RuleLike = Pick<Recurrence, "every" | "frequency"> &
  Partial<Pick<Recurrence, "day_of_weeks" | "until" | "repeat">>;

export function ruleOf(recurrence: RuleLike | null | undefined): RecurrenceRuleInput | null {
  if (!recurrence) return null;
  return {
    every: recurrence.every,
    frequency: recurrence.frequency,
    day_of_weeks: [...(recurrence.day_of_weeks ?? [])],
    until: recurrence.until ?? null,
    repeat: recurrence.repeat ?? null,
  };
}

export function sameRule(a: RecurrenceRuleInput | null, b: RecurrenceRuleInput | null): boolean {
  if (a === null || b === null) return a === b;
  const days = (rule: RecurrenceRuleInput) => [...rule.day_of_weeks].sort((x, y) => x - y).join(",");
  return (
    a.every === b.every &&
    a.frequency === b.frequency &&
    days(a) === days(b) &&
    a.until === b.until &&
    (a.repeat ?? 0) === (b.repeat ?? 0)
  );
}

export function valuesOfDraft(draft: CreateDraft): EventFormValues {
  return {
    title: draft.title ?? "",
    start_time: draft.start_time,
    end_time: draft.end_time,
    elapsed_time: draft.elapsed_time ?? elapsedBetween(draft.start_time, draft.end_time),
    all_day: draft.all_day ?? false,
    color: draft.color ?? defaultEventColor,
    event_type: draft.event_type ?? defaultEventType,
    completed: draft.completed ?? false,
    project_id: draft.project_id || null,
    category_id: draft.category_id || null,
    task_linked_id: draft.task_linked_id || null,
    recurrence: ruleOf(draft.recurrence),
  };
}

export function valuesOfEvent(event: TimeBlockingEvent): EventFormValues {
  return {
    title: event.title,
    start_time: event.start_time,
    end_time: event.end_time,
    // A block not yet completed has logged nothing: its duration field shows the planned length.
    elapsed_time: event.completed ? event.elapsed_time : elapsedBetween(event.start_time, event.end_time),
    all_day: event.all_day,
    color: event.color,
    event_type: event.event_type,
    completed: event.completed,
    project_id: event.project_id,
    category_id: event.category_id,
    task_linked_id: event.task_linked_id,
    recurrence: ruleOf(event.recurrence),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `HH:MM` of an instant in `timeZone`, 24-hour. */
export function timeOfDay(instant: number, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The day of an instant in `timeZone`. */
export function dayOf(instant: number, timeZone: string): CalendarDate {
  return calendarDateIn(instant, timeZone);
}

/** The time pickers' choices: every quarter of an hour of a day (spec part 1 §5, §9). */
export const quarterHours: readonly string[] = Array.from(
  { length: 96 },
  (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`,
);

/**
 * A time of day as typed: `9`, `930`, `0930`, `9:30` or `9.30`, 24-hour. Null when it is not a time of day.
 */
export function parseTypedTime(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))?$/.exec(trimmed);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2] ?? "0")];
  if (hours > 23 || minutes > 59) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}

function atTimeOfDay(instant: number, time: string, timeZone: string): number {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return instantAt({ ...wallClockAt(instant, timeZone), hour, minute, second: 0, millisecond: 0 }, timeZone);
}

/**
 * Another day keeps the times of day: start and end move by the same number of calendar days, and an end that is
 * then not after the start becomes the start plus 30 minutes (spec part 1 §4).
 */
export function withDay<T extends EventFormValues>(values: T, day: CalendarDate, timeZone: string): T {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const start = wallClockAt(values.start_time, timeZone);
  const days = calendarDaysBetween(start, { ...start, year, month, day: date });
  if (days === 0) return values;
  const newStart = instantAt(addCalendarDays(start, days), timeZone);
  const newEnd = instantAt(addCalendarDays(wallClockAt(values.end_time, timeZone), days), timeZone);
  return withStart({ ...values, end_time: newEnd }, newStart);
}

/** A start time picked on the start's day. */
export function withStartTime<T extends EventFormValues>(values: T, time: string, timeZone: string): T {
  return withStart(values, atTimeOfDay(values.start_time, time, timeZone));
}

/**
 * An end time picked: on the start's day, unless the block already ends on a later day and the time comes before
 * the start (a block across midnight keeps ending the next morning). An end that is still not after the start
 * becomes the start plus 30 minutes (spec part 1 §4).
 */
export function withEndTime<T extends EventFormValues>(values: T, time: string, timeZone: string): T {
  const sameDay = atTimeOfDay(values.start_time, time, timeZone);
  const endsLater = dayOf(values.end_time, timeZone) > dayOf(values.start_time, timeZone);
  const end = sameDay <= values.start_time && endsLater ? atTimeOfDay(values.end_time, time, timeZone) : sameDay;
  return withEnd(values, end);
}

/**
 * Planning and activity switch with the domain's rule (planning becoming activity takes the block's duration as
 * its elapsed time); a category that does not serve the new type is dropped (spec part 1 §4).
 */
export function withEventType(
  values: EventFormValues,
  eventType: EventType,
  categories: readonly TaskCategory[],
): EventFormValues {
  if (values.event_type === eventType) return values;
  const switched = switchEventType(values);
  const category = categories.find((c) => c.uid === switched.category_id);
  const fits = category ? categoryFitsEventType(category, eventType) : false;
  return { ...switched, category_id: fits ? switched.category_id : null };
}

/** Choosing a category fills an empty title with its name (spec part 1 §4). */
export function withCategory(values: EventFormValues, category: TaskCategory | null): EventFormValues {
  if (!category) return { ...values, category_id: null };
  return {
    ...values,
    category_id: category.uid,
    title: values.title.trim() === "" ? category.name : values.title,
  };
}

export interface LinkableTask {
  uid: string;
  name: string;
  project: { uid: string } | null;
  category: { uid: string } | null;
}

/**
 * Choosing a task fills the project and the category from it (spec part 1 §4), the category only when it serves
 * the event's type, as the server would refuse it otherwise; an empty title takes the task's name.
 */
export function withTask(
  values: EventFormValues,
  task: LinkableTask | null,
  categories: readonly TaskCategory[],
): EventFormValues {
  if (!task) return { ...values, task_linked_id: null };
  const category = task.category ? categories.find((c) => c.uid === task.category?.uid) : undefined;
  const fits = category ? categoryFitsEventType(category, values.event_type) : false;
  return {
    ...values,
    task_linked_id: task.uid,
    project_id: task.project?.uid ?? values.project_id,
    category_id: fits && category ? category.uid : values.category_id,
    title: values.title.trim() === "" ? task.name : values.title,
  };
}

/**
 * Another project keeps the linked task only when the task is of that project (spec part 1 §4). `linkedTask` is the
 * task as the form knows it; when it is not known, only staying on the same project keeps it.
 */
export function withProject(
  values: EventFormValues,
  projectId: string | null,
  linkedTask: LinkableTask | undefined,
): EventFormValues {
  if (projectId === values.project_id) return values;
  const keepsTask = values.task_linked_id !== null && projectId !== null && linkedTask?.project?.uid === projectId;
  return { ...values, project_id: projectId, task_linked_id: keepsTask ? values.task_linked_id : null };
}

/** The creation payload of the form's values. */
export function eventInputOf(
  values: EventFormValues,
  extra: Pick<TimeBlockingEventInputFields, "source" | "source_id" | "calendar_id" | "recurrence_id"> = {},
): TimeBlockingEventInputFields {
  return {
    title: values.title,
    start_time: values.start_time,
    end_time: values.end_time,
    all_day: values.all_day,
    color: values.color,
    elapsed_time: values.completed ? values.elapsed_time : 0,
    completed: values.completed,
    event_type: values.event_type,
    project_id: values.project_id,
    category_id: values.category_id,
    task_linked_id: values.task_linked_id,
    recurrence: values.recurrence,
    ...extra,
  };
}

/** What the person changed on an existing event: the body of its PATCH. */
export function changedFields(event: TimeBlockingEvent, values: EventFormValues): TimeBlockingEventPatch {
  const original = valuesOfEvent(event);
  const patch: TimeBlockingEventPatch = {};
  if (values.title !== original.title) patch.title = values.title;
  if (values.start_time !== original.start_time) patch.start_time = values.start_time;
  if (values.end_time !== original.end_time) patch.end_time = values.end_time;
  if (values.completed && values.elapsed_time !== original.elapsed_time) patch.elapsed_time = values.elapsed_time;
  if (values.color.toLowerCase() !== original.color.toLowerCase()) patch.color = values.color.toLowerCase();
  if (values.event_type !== original.event_type) patch.event_type = values.event_type;
  if (values.project_id !== original.project_id) patch.project_id = values.project_id;
  if (values.category_id !== original.category_id) patch.category_id = values.category_id;
  if (values.task_linked_id !== original.task_linked_id) patch.task_linked_id = values.task_linked_id;
  if (!sameRule(values.recurrence, original.recurrence)) patch.recurrence = values.recurrence;
  return patch;
}

/** `form` holds what no field shows: a value the form cannot produce, which the save must not send either. */
export type EventFormField = "title" | "end_time" | "elapsed_time" | "color" | "form";
export type EventFormProblem = "endTime" | "tooLong" | "titleTooLong" | "color" | "invalid";
export type EventFormErrors = Partial<Record<EventFormField, EventFormProblem>>;

/** The form's problems, from the same schema the server checks the payload with. */
export function formErrors(values: EventFormValues): EventFormErrors {
  const parsed = timeBlockingEventInputSchema.safeParse(eventInputOf(values));
  if (parsed.success) return {};
  const errors: EventFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "end_time") errors.end_time ??= issue.message === endTimeMessage ? "endTime" : "tooLong";
    else if (field === "elapsed_time") errors.elapsed_time ??= "tooLong";
    else if (field === "title") errors.title ??= "titleTooLong";
    else if (field === "color") errors.color ??= "color";
    else errors.form ??= "invalid";
  }
  return errors;
}
