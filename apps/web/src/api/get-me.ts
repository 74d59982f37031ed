import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@timetrap/domain";
import { answerSchemas, api } from "../lib/api-client";

/**
 * The session's user. `enrolment_required` comes with `GET auth/me` and a sign-in's answer; an answer that updates the
 * user (a PATCH) leaves it out, which is right: nothing but enrolling is reachable while it is true.
 */
export type MeAnswer = User & { enrolment_required?: boolean };

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeAnswer> {
  return api.get("/auth/me", { schema: async () => (await answerSchemas()).meAnswerSchema, signal });
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
