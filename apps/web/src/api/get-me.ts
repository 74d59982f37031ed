import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@timetrap/domain";
import { answerSchemas, api } from "../lib/api-client";

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return api.get("/auth/me", { schema: async () => (await answerSchemas()).userSchema, signal });
}

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => getMe({ signal }),
    // The session owns this entry: it is set on sign-in, updated by PATCH answers and refetched on purpose.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), enabled: options.enabled ?? true });
}
