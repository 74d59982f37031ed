import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Session, sessionListSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export const sessionsPath = "/auth/sessions";

/** The signed-in person's live sessions, newest sign-in first, the one of this browser marked `current`. */
export function getSessions({ signal }: { signal?: AbortSignal } = {}): Promise<Session[]> {
  return api.get(sessionsPath, { schema: sessionListSchema, signal });
}

export function getSessionsQueryOptions() {
  return queryOptions({
    queryKey: ["auth", "sessions"],
    queryFn: ({ signal }) => getSessions({ signal }),
  });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
