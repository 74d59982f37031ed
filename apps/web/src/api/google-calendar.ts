import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type GoogleCalendar,
  type GoogleEvent,
  type GoogleEventPatch,
  googleCalendarsAnswerSchema,
  googleEventSchema,
  googleEventsAnswerSchema,
} from "@timetrap/domain";
import { api } from "../lib/api-client";
import type { EventRange } from "./time-blocking";

/**
 * The signed-in person's Google Calendar, through the server (decision 029): the browser never calls Google itself.
 * The routes act for the signed-in person only, so the keys name no user.
 */
export const googleCalendarKeys = {
  all: ["google-calendar"] as const,
  calendars: ["google-calendar", "calendars"] as const,
  events: ["google-calendar", "events"] as const,
  range: (range: EventRange, calendarIds: readonly string[]) =>
    ["google-calendar", "events", range.start, range.end, [...calendarIds]] as const,
};

const eventPath = (calendarId: string, eventId: string) =>
  `/connect/gcalendar/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;

/** `GET connect/gcalendar/calendars`: the person's calendars, as Google lists them. */
export async function getGoogleCalendars({ signal }: { signal?: AbortSignal } = {}): Promise<GoogleCalendar[]> {
  const answer = await api.get("/connect/gcalendar/calendars", { schema: googleCalendarsAnswerSchema, signal });
  return answer.calendars;
}

/**
 * `GET connect/gcalendar/events`: the events of some calendars in a range (epoch ms), every page followed by the
 * server, declined and cancelled ones left out. `calendar_id` is repeated once per calendar.
 */
export async function getGoogleEvents({
  range,
  calendarIds,
  signal,
}: {
  range: EventRange;
  calendarIds: readonly string[];
  signal?: AbortSignal;
}): Promise<GoogleEvent[]> {
  const query = new URLSearchParams({ start_time: String(range.start), end_time: String(range.end) });
  for (const id of calendarIds) query.append("calendar_id", id);
  const answer = await api.get(`/connect/gcalendar/events?${query}`, { schema: googleEventsAnswerSchema, signal });
  return answer.events;
}

/** `PATCH`: the event's title or times, changed in Google (without e-mails to its guests). */
export function patchGoogleEvent({
  calendarId,
  eventId,
  data,
}: {
  calendarId: string;
  eventId: string;
  data: GoogleEventPatch;
}): Promise<GoogleEvent> {
  return api.patch(eventPath(calendarId, eventId), { body: data, schema: googleEventSchema });
}

/** `DELETE`: the event removed from Google (one already gone counts as removed). */
export function deleteGoogleEvent({ calendarId, eventId }: { calendarId: string; eventId: string }): Promise<void> {
  return api.delete(eventPath(calendarId, eventId));
}

export function googleCalendarsQueryOptions() {
  return queryOptions({
    queryKey: googleCalendarKeys.calendars,
    queryFn: ({ signal }) => getGoogleCalendars({ signal }),
    // A refusal (not connected, to reconnect) is an answer the panel shows, not a blip to try again.
    retry: false,
  });
}

export function googleEventsQueryOptions(range: EventRange, calendarIds: readonly string[]) {
  return queryOptions({
    queryKey: googleCalendarKeys.range(range, calendarIds),
    queryFn: ({ signal }) => getGoogleEvents({ range, calendarIds, signal }),
    retry: false,
  });
}

export function useGoogleCalendars(options: { enabled?: boolean } = {}) {
  return useQuery({ ...googleCalendarsQueryOptions(), enabled: options.enabled ?? true });
}

/** The events of the ticked calendars in the board's range; nothing is asked while none is ticked. */
export function useGoogleEvents(range: EventRange | null, calendarIds: readonly string[]) {
  return useQuery({
    ...googleEventsQueryOptions(range ?? { start: 0, end: 0 }, calendarIds),
    enabled: range !== null && calendarIds.length > 0,
    // Moving week to week keeps the previous week's events until the next arrive, as the board's own.
    placeholderData: (previous) => previous,
  });
}

/** A change made in Google: every cached range of events is asked again. */
function useGoogleEventMutation<Variables, Data>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: googleCalendarKeys.events }),
  });
}

export function usePatchGoogleEvent() {
  return useGoogleEventMutation(patchGoogleEvent);
}

export function useDeleteGoogleEvent() {
  return useGoogleEventMutation(deleteGoogleEvent);
}
