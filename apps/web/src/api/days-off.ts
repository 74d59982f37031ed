import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CalendarDate, type DayOff, dayOffSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const dayOffListSchema = z.array(dayOffSchema);

/** Every cached person's days off: time off requested, decided or cancelled changes them. */
export const daysOffKeys = {
  all: ["days-off"] as const,
  range: (userId: string, start: CalendarDate, end: CalendarDate) => ["days-off", userId, start, end] as const,
};

/**
 * A person's holidays and time off day by day (decision 026), for the board's read-only all-day blocks: self, or with
 * read team.
 */
export function getDaysOff({
  userId,
  start,
  end,
  signal,
}: {
  userId: string;
  start: CalendarDate;
  end: CalendarDate;
  signal?: AbortSignal;
}): Promise<DayOff[]> {
  return api.get(`/user/${encodeURIComponent(userId)}/days-off`, {
    query: { start_date: start, end_date: end },
    schema: dayOffListSchema,
    signal,
  });
}

export function getDaysOffQueryOptions(userId: string, start: CalendarDate, end: CalendarDate) {
  return queryOptions({
    queryKey: daysOffKeys.range(userId, start, end),
    queryFn: ({ signal }) => getDaysOff({ userId, start, end, signal }),
  });
}

export function useDaysOff(userId: string, range: { start: CalendarDate; end: CalendarDate } | null) {
  return useQuery({
    ...getDaysOffQueryOptions(userId, range?.start ?? "", range?.end ?? ""),
    enabled: range !== null,
  });
}
