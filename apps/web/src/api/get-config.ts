import { queryOptions, useQuery } from "@tanstack/react-query";
import { type PublicConfig, publicConfigSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";

export function getConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return api.get("/config", { schema: publicConfigSchema, signal });
}

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: ["config"],
    queryFn: ({ signal }) => getConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig() {
  return useQuery(getConfigQueryOptions());
}
