import { type InfiniteData, infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { type AuditPage, type AuditQuery, auditPageSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** What the screen asks for: the period and the filters (each a list, empty for all). */
export type AuditRequest = Pick<AuditQuery, "start_date" | "end_date" | "kind" | "user_id">;

/** A page of the log holds this many events; "Load more" asks for the next. */
export const auditPageSize = 50;

/** `?start_date&end_date` plus each filter repeated (`kind=a&kind=b`), which is how the server reads a list. */
export function auditPath(organizationId: string, request: AuditRequest, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ start_date: request.start_date, end_date: request.end_date, ...extra });
  for (const kind of request.kind) params.append("kind", kind);
  for (const id of request.user_id) params.append("user_id", id);
  return `/organization/${encodeURIComponent(organizationId)}/audit?${params.toString()}`;
}

export function getAuditLog({
  organizationId,
  request,
  cursor,
  signal,
}: {
  organizationId: string;
  request: AuditRequest;
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<AuditPage> {
  const extra: Record<string, string> = { limit: String(auditPageSize), ...(cursor ? { cursor } : {}) };
  return api.get(auditPath(organizationId, request, extra), { schema: auditPageSchema, signal });
}

export function getAuditLogQueryOptions(organizationId: string, request: AuditRequest) {
  return infiniteQueryOptions<AuditPage, Error, InfiniteData<AuditPage>, readonly unknown[], string | null>({
    queryKey: ["organizations", organizationId, "audit", request],
    queryFn: ({ pageParam, signal }) => getAuditLog({ organizationId, request, cursor: pageParam, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  });
}

/** Asked once the period is valid (`request` null before); the rows on screen stay while new filters load. */
export function useAuditLog(organizationId: string, request: AuditRequest | null) {
  return useInfiniteQuery({
    ...getAuditLogQueryOptions(organizationId, request ?? { start_date: "", end_date: "", kind: [], user_id: [] }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
