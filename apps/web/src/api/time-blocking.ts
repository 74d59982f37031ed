import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  duplicateEvent,
  type Recurrence,
  type RecurrencePatch,
  recurrenceSchema,
  type TimeBlockingEvent,
  type TimeBlockingEventInputFields,
  type TimeBlockingEventPatch,
  timeBlockingEventSchema,
} from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";
import { type Intent, useIntent } from "../lib/idempotency";

const eventListSchema = z.array(timeBlockingEventSchema);

/** A visible range of the board, epoch ms, start inclusive and end exclusive. */
export interface EventRange {
  start: number;
  end: number;
}

/**
 * Every query of one person's board sits under one prefix: a change to any of their events refreshes the board, the
 * day totals and the dashboard's unassigned entries together.
 */
export const timeBlockingKeys = {
  all: (userId: string) => ["users", userId, "time-blocking"] as const,
  range: (userId: string, range: EventRange) => ["users", userId, "time-blocking", "range", range] as const,
  notAssigned: (userId: string, range?: EventRange) =>
    ["users", userId, "time-blocking", "not-assigned", range ?? null] as const,
};

const eventsPath = (userId: string, eventId?: string) =>
  `/user/${encodeURIComponent(userId)}/time-blocking${eventId ? `/${encodeURIComponent(eventId)}` : ""}`;

/** The server reads a range as ISO instants. */
function rangeQuery(range: EventRange) {
  return { startTime: new Date(range.start).toISOString(), endTime: new Date(range.end).toISOString() };
}

export function getTimeBlockingEvents({
  userId,
  range,
  signal,
}: {
  userId: string;
  range: EventRange;
  signal?: AbortSignal;
}): Promise<TimeBlockingEvent[]> {
  return api.get(eventsPath(userId), {
    query: rangeQuery(range),
    schema: eventListSchema,
    signal,
  });
}

export function getTimeBlockingEventsQueryOptions(userId: string, range: EventRange) {
  return queryOptions({
    queryKey: timeBlockingKeys.range(userId, range),
    queryFn: ({ signal }) => getTimeBlockingEvents({ userId, range, signal }),
  });
}

export function useTimeBlockingEvents(userId: string, range: EventRange | null) {
  return useQuery({
    ...getTimeBlockingEventsQueryOptions(userId, range ?? { start: 0, end: 0 }),
    enabled: range !== null,
    // Moving week to week keeps the previous week on screen until the next arrives, as calendars do.
    placeholderData: (previous) => previous,
  });
}

export function getNotAssignedEvents({
  userId,
  range,
  signal,
}: {
  userId: string;
  range?: EventRange;
  signal?: AbortSignal;
}): Promise<TimeBlockingEvent[]> {
  return api.get(`${eventsPath(userId)}/not-assigned`, {
    query: range ? rangeQuery(range) : {},
    schema: eventListSchema,
    signal,
  });
}

export function useNotAssignedEvents(userId: string, range?: EventRange) {
  return useQuery({
    queryKey: timeBlockingKeys.notAssigned(userId, range),
    queryFn: ({ signal }) => getNotAssignedEvents({ userId, range, signal }),
  });
}

export function createTimeBlockingEvent({
  userId,
  data,
  idempotencyKey,
}: {
  userId: string;
  data: TimeBlockingEventInputFields;
  idempotencyKey?: string;
}): Promise<TimeBlockingEvent> {
  return api.post(eventsPath(userId), { body: data, schema: timeBlockingEventSchema, idempotencyKey });
}

export function updateTimeBlockingEvent({
  userId,
  eventId,
  data,
}: {
  userId: string;
  eventId: string;
  data: TimeBlockingEventPatch;
}): Promise<TimeBlockingEvent> {
  return api.patch(eventsPath(userId, eventId), { body: data, schema: timeBlockingEventSchema });
}

/** `recurrences: true` deletes a whole series (the event is its template). */
export function deleteTimeBlockingEvent({
  userId,
  eventId,
  recurrences = false,
}: {
  userId: string;
  eventId: string;
  recurrences?: boolean;
}): Promise<void> {
  return api.delete(eventsPath(userId, eventId), { query: recurrences ? { recurrences: "true" } : {} });
}

/** Skip one occurrence or end the series; `null` when ending it before its first occurrence deleted it. */
export async function patchRecurrence({
  userId,
  recurrenceId,
  data,
}: {
  userId: string;
  recurrenceId: string;
  data: RecurrencePatch;
}): Promise<Recurrence | null> {
  // 204 (the series was deleted) answers undefined.
  const recurrence = await api.patch(
    `/user/${encodeURIComponent(userId)}/recurrence/${encodeURIComponent(recurrenceId)}`,
    {
      body: data,
      schema: recurrenceSchema.nullable(),
    },
  );
  return recurrence ?? null;
}

export function refreshBoard(queryClient: QueryClient, userId: string) {
  return queryClient.invalidateQueries({ queryKey: timeBlockingKeys.all(userId) });
}

/** A change to one person's events; settled or not, their board is asked again. */
function useBoardMutation<Variables, Data>(
  userId: string,
  mutationFn: (variables: Variables) => Promise<Data>,
  onSuccess?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess, onSettled: () => refreshBoard(queryClient, userId) });
}

/**
 * Each create is sent with its intent's key (src/lib/idempotency.ts): the hook's own, which a success ends, or `step`,
 * the intent of a larger action the create is a step of (the timer's start on an occurrence), ended by its owner.
 */
export function useCreateTimeBlockingEvent(userId: string, step?: Intent) {
  const own = useIntent();
  const intent = step ?? own;
  return useBoardMutation(
    userId,
    (data: TimeBlockingEventInputFields) =>
      createTimeBlockingEvent({ userId, data, idempotencyKey: intent.key([userId, data]) }),
    own.done,
  );
}

export function useUpdateTimeBlockingEvent(userId: string) {
  return useBoardMutation(userId, ({ eventId, data }: { eventId: string; data: TimeBlockingEventPatch }) =>
    updateTimeBlockingEvent({ userId, eventId, data }),
  );
}

export function useDeleteTimeBlockingEvent(userId: string) {
  return useBoardMutation(userId, ({ eventId, recurrences }: { eventId: string; recurrences?: boolean }) =>
    deleteTimeBlockingEvent({ userId, eventId, recurrences }),
  );
}

export function usePatchRecurrence(userId: string) {
  return useBoardMutation(userId, ({ recurrenceId, data }: { recurrenceId: string; data: RecurrencePatch }) =>
    patchRecurrence({ userId, recurrenceId, data }),
  );
}

/**
 * The fields of an event as a creation payload: what an occurrence becomes when it is changed alone (sent with its
 * `recurrence_id`, so the server skips the series' occurrence on that day and saves this one standalone).
 */
export function toEventInput(event: TimeBlockingEvent): TimeBlockingEventInputFields {
  return {
    title: event.title,
    start_time: event.start_time,
    end_time: event.end_time,
    all_day: event.all_day,
    color: event.color,
    elapsed_time: event.elapsed_time,
    completed: event.completed,
    event_type: event.event_type,
    project_id: event.project_id,
    category_id: event.category_id,
    task_linked_id: event.task_linked_id,
    source: event.source,
    source_id: event.source_id,
    calendar_id: event.calendar_id,
    recurrence_id: event.is_occurrence ? event.recurrence_id : null,
  };
}

/**
 * The form's draft of a copy of `event` (Copy in a block's menu): the same block again, its elapsed time reset
 * (`duplicateEvent`), not completed, and on its own rather than in the series.
 */
export function copyDraft(event: TimeBlockingEvent): TimeBlockingEventInputFields & { recurrence: null } {
  return { ...toEventInput(duplicateEvent(event)), completed: false, recurrence_id: null, recurrence: null };
}
