import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type TimeBlockingEvent, type Timer, timeBlockingEventSchema, timerSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { useIntent } from "../lib/idempotency";
import { refreshBoard } from "./time-blocking";

export const timerKeys = {
  current: (userId: string) => ["users", userId, "timer"] as const,
};

const timerPath = (userId: string) => `/user/${encodeURIComponent(userId)}/timer`;

export function getTimer({ userId, signal }: { userId: string; signal?: AbortSignal }): Promise<Timer | null> {
  return api.get(timerPath(userId), { schema: timerSchema.nullable(), signal });
}

/** The person's running timer, or null. */
export function useTimer(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: timerKeys.current(userId),
    queryFn: ({ signal }) => getTimer({ userId, signal }),
    enabled: options.enabled ?? true,
  });
}

export function startTimer({
  userId,
  eventId,
  startTime,
  idempotencyKey,
}: {
  userId: string;
  eventId: string;
  /** Epoch ms: when the person asked for the start. */
  startTime: number;
  idempotencyKey?: string;
}): Promise<Timer> {
  return api.post(timerPath(userId), {
    body: { start_time: startTime, time_blocking_event_id: eventId },
    schema: timerSchema,
    idempotencyKey,
  });
}

/** Stops the running timer; the server adds its seconds to the event and answers the saved event. */
export function stopTimer({ userId }: { userId: string }): Promise<TimeBlockingEvent> {
  return api.delete(timerPath(userId), { schema: timeBlockingEventSchema });
}

/** A start or stop changes the running timer and the event's logged time on the board. */
function refreshTimer(queryClient: QueryClient, userId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: timerKeys.current(userId) }),
    refreshBoard(queryClient, userId),
  ]);
}

/** A start's body holds the time of the click: each click is an intent of its own, with its own key. */
export function useStartTimer(userId: string) {
  const queryClient = useQueryClient();
  const intent = useIntent();
  return useMutation({
    mutationFn: (eventId: string) => {
      const startTime = Date.now();
      return startTimer({ userId, eventId, startTime, idempotencyKey: intent.key([userId, eventId, startTime]) });
    },
    onSuccess: (timer) => queryClient.setQueryData(timerKeys.current(userId), timer),
    onSettled: () => refreshTimer(queryClient, userId),
  });
}

export function useStopTimer(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopTimer({ userId }),
    onSuccess: () => queryClient.setQueryData(timerKeys.current(userId), null),
    onSettled: () => refreshTimer(queryClient, userId),
  });
}
