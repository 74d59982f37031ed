import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Overhead, overheadSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const overheadListSchema = z.array(overheadSchema);

/** Newest first, by start date (decision 005). */
export function getOverheads({ orgId, signal }: { orgId: string; signal?: AbortSignal }): Promise<Overhead[]> {
  return api.get(`/organization/${encodeURIComponent(orgId)}/overheads`, { schema: overheadListSchema, signal });
}

export function getOverheadsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ["organizations", orgId, "overheads"],
    queryFn: ({ signal }) => getOverheads({ orgId, signal }),
  });
}

export function useOverheads(orgId: string) {
  return useQuery(getOverheadsQueryOptions(orgId));
}
