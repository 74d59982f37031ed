import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { type AuditPage, auditPageSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** The profile shows a few at first: the person looks for what is recent. */
const securityEventsPageSize = 10;

export function getSecurityEvents({
  cursor,
  signal,
}: {
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<AuditPage> {
  return api.get("/auth/security-events", {
    query: { limit: securityEventsPageSize, cursor },
    schema: auditPageSchema,
    signal,
  });
}

export function getSecurityEventsQueryOptions() {
  return infiniteQueryOptions<AuditPage, Error, InfiniteData<AuditPage>, readonly unknown[], string | null>({
    queryKey: ["auth", "security-events"],
    queryFn: ({ pageParam, signal }) => getSecurityEvents({ cursor: pageParam, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  });
}

export function useSecurityEvents() {
  return useInfiniteQuery(getSecurityEventsQueryOptions());
}
