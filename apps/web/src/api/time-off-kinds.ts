import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TimeOffKind, timeOffKindSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const timeOffKindListSchema = z.array(timeOffKindSchema);

export function timeOffKindsPath(organizationId: string): string {
  return `/organization/${encodeURIComponent(organizationId)}/time-off-kinds`;
}

/** The organization's kinds of time off (decision 026); every member may read them. */
export function getTimeOffKinds({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<TimeOffKind[]> {
  return api.get(timeOffKindsPath(organizationId), { schema: timeOffKindListSchema, signal });
}

export function getTimeOffKindsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "time-off-kinds"],
    queryFn: ({ signal }) => getTimeOffKinds({ organizationId, signal }),
  });
}

export function useTimeOffKinds(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTimeOffKindsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
