import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getSessionsQueryOptions, sessionsPath } from "./get-sessions";

/** Signs every other device out; this browser stays signed in. */
export function endOtherSessions(): Promise<void> {
  return api.delete(sessionsPath, { query: { others: true } });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}
