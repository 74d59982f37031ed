import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "@timetrap/domain";
import { answerSchemas, api } from "../lib/api-client";

export function getConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  return api.get("/config", { schema: async () => (await answerSchemas()).publicConfigSchema, signal });
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
