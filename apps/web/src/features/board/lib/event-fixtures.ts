import type { Recurrence, TimeBlockingEvent } from "@timetrap/domain";

/** A stored event for tests: a one-hour activity on 9 March 2026 at 09:00 UTC, not completed, with no project. */
export function buildEvent(overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  const start = Date.UTC(2026, 2, 9, 9);
  return {
    id: "11111111-1111-4111-8111-111111111111",
    user_id: "user-1",
    title: "Write the report",
    start_time: start,
    end_time: start + 3_600_000,
    all_day: false,
    color: "#3788d8",
    elapsed_time: 0,
    completed: false,
    event_type: "activity",
    source: "timetrap",
    source_id: null,
    calendar_id: null,
    project_id: null,
    project: null,
    category_id: null,
    category: null,
    task_linked_id: null,
    task: null,
    recurrence_id: null,
    recurrence: null,
    is_occurrence: false,
    ...overrides,
  };
}

/** A stored series: every week, with no weekdays named (the template's), never ending, nothing skipped. */
export function buildRecurrence(overrides: Partial<Recurrence> = {}): Recurrence {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    every: 1,
    frequency: "WEEKLY",
    day_of_weeks: [],
    until: null,
    repeat: null,
    skip: [],
    end_date: null,
    ...overrides,
  };
}

/** The same event as the occurrence of a weekly series on its template's weekday, a week later. */
export function buildOccurrence(overrides: Partial<TimeBlockingEvent> = {}): TimeBlockingEvent {
  const week = 7 * 24 * 3_600_000;
  const template = buildEvent();
  const recurrence = buildRecurrence();
  return buildEvent({
    start_time: template.start_time + week,
    end_time: template.end_time + week,
    recurrence_id: recurrence.id,
    recurrence,
    is_occurrence: true,
    ...overrides,
  });
}
