import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getSessionsQueryOptions, sessionsPath } from "./get-sessions";

/** Signs another device out: its next request is refused and it lands on the login. */
export function endSession({ sessionId }: { sessionId: string }): Promise<void> {
  return api.delete(`${sessionsPath}/${encodeURIComponent(sessionId)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
