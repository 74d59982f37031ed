import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Overhead, type OverheadInput, overheadSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getOverheadsQueryOptions } from "./get-overheads";

export function createOverhead({ orgId, data }: { orgId: string; data: OverheadInput }): Promise<Overhead> {
  return api.post(`/organization/${encodeURIComponent(orgId)}/overheads`, { body: data, schema: overheadSchema });
}

export function useCreateOverhead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: OverheadInput) => createOverhead({ orgId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOverheadsQueryOptions(orgId).queryKey }),
  });
}
