import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CalendarFeed, calendarFeedSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";

const feedPath = (userId: string) => `/user/${encodeURIComponent(userId)}/calendar-feed`;

export const calendarFeedKeys = {
  ofUser: (userId: string) => ["users", userId, "calendar-feed"] as const,
};

/** Whether the person's private calendar feed is on, and its address (decision 029). Only for the person themself. */
export function getCalendarFeed({ userId, signal }: { userId: string; signal?: AbortSignal }): Promise<CalendarFeed> {
  return api.get(feedPath(userId), { schema: calendarFeedSchema, signal });
}

export function getCalendarFeedQueryOptions(userId: string) {
  return queryOptions({
    queryKey: calendarFeedKeys.ofUser(userId),
    queryFn: ({ signal }) => getCalendarFeed({ userId, signal }),
  });
}

export function useCalendarFeed(userId: string) {
  return useQuery(getCalendarFeedQueryOptions(userId));
}

/**
 * Turns the feed on with a new secret address, or gives it a new one: the old address stops working at once. Sent
 * again after a lost answer, it makes yet another address, which is as good.
 */
export function enableCalendarFeed({ userId }: { userId: string }): Promise<CalendarFeed> {
  return api.post(feedPath(userId), { schema: calendarFeedSchema });
}

/** Turns the feed off: its address answers 404 from now on. */
export function disableCalendarFeed({ userId }: { userId: string }): Promise<void> {
  return api.delete(feedPath(userId));
}

export function useEnableCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => enableCalendarFeed({ userId }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.ofUser(userId), feed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.ofUser(userId) }),
  });
}

export function useDisableCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disableCalendarFeed({ userId }),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(calendarFeedKeys.ofUser(userId), {
        enabled: false,
        url: null,
        created_at: null,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.ofUser(userId) }),
  });
}
