import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type WriteBack, writeBackSchema, writeBacksAnswerSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { type EventRange, timeBlockingKeys } from "./time-blocking";

/** While a write-back's first attempt is on its way, its state is asked again this often (milliseconds). */
export const pendingWriteBackPoll = 2_500;
/**
 * Once an attempt has failed, the queue tries again after a minute, then after longer and longer waits (decision
 * 032): the state is asked for less often meanwhile.
 */
export const retriedWriteBackPoll = 30_000;

/** How often a week's write-backs are asked again: while one is on its way, and more slowly once it is being retried. */
export function writeBacksPollOf(writeBacks: readonly WriteBack[] | undefined): number | false {
  const pending = writeBacks?.filter((writeBack) => writeBack.state === "pending") ?? [];
  if (pending.length === 0) return false;
  return pending.some((writeBack) => writeBack.attempts === 0) ? pendingWriteBackPoll : retriedWriteBackPoll;
}

/**
 * Query keys of a person's write-backs. They sit under the person's time-blocking keys: every change of a block (a
 * confirmed time, a stopped timer, a move) asks the board again, and with it the state of the time written back.
 */
export const writeBacksKeys = {
  ofUser: (userId: string) => [...timeBlockingKeys.all(userId), "write-backs"] as const,
  range: (userId: string, range: EventRange) => [...timeBlockingKeys.all(userId), "write-backs", range] as const,
};

/**
 * `GET user/{id}/write-backs?start_time&end_time` (decision 032): the write-backs of the person's blocks that start in
 * the range. Only for the person themself.
 */
export async function getWriteBacks({
  userId,
  range,
  signal,
}: {
  userId: string;
  range: EventRange;
  signal?: AbortSignal;
}): Promise<WriteBack[]> {
  const answer = await api.get(`/user/${encodeURIComponent(userId)}/write-backs`, {
    query: { start_time: range.start, end_time: range.end },
    schema: writeBacksAnswerSchema,
    signal,
  });
  return answer.write_backs;
}

export function getWriteBacksQueryOptions(userId: string, range: EventRange) {
  return queryOptions({
    queryKey: writeBacksKeys.range(userId, range),
    queryFn: ({ signal }) => getWriteBacks({ userId, range, signal }),
    // Every tile of the week reads the one answer; it is asked again when a block changes, not when a tile redraws.
    staleTime: 60_000,
    // A write on its way settles in seconds (or is retried for longer): its state is followed until it has.
    refetchInterval: (query) => writeBacksPollOf(query.state.data),
  });
}

/** `range` null asks nothing. */
export function useWriteBacks(userId: string, range: EventRange | null) {
  return useQuery({
    ...getWriteBacksQueryOptions(userId, range ?? { start: 0, end: 0 }),
    enabled: range !== null,
  });
}

/**
 * `POST user/{id}/write-backs/{eventId}/retry`: a failed write-back (or one that was off, once write-back is on again)
 * queued again; 202 with it, pending.
 */
export function retryWriteBack({ userId, eventId }: { userId: string; eventId: string }): Promise<WriteBack> {
  return api.post(`/user/${encodeURIComponent(userId)}/write-backs/${encodeURIComponent(eventId)}/retry`, {
    schema: writeBackSchema,
  });
}

/** The answer, pending, takes the write-back's place at once; it is then followed until it settles. */
export function useRetryWriteBack(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => retryWriteBack({ userId, eventId }),
    onSuccess: (queued) =>
      queryClient.setQueriesData<WriteBack[]>({ queryKey: writeBacksKeys.ofUser(userId) }, (writeBacks) =>
        writeBacks?.map((writeBack) => (writeBack.event_id === queued.event_id ? queued : writeBack)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: writeBacksKeys.ofUser(userId) }),
  });
}
