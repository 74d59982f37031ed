import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getOverheadsQueryOptions } from "./get-overheads";

export function deleteOverhead({ orgId, overheadId }: { orgId: string; overheadId: string }): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(orgId)}/overheads/${encodeURIComponent(overheadId)}`);
}

export function useDeleteOverhead(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overheadId: string) => deleteOverhead({ orgId, overheadId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOverheadsQueryOptions(orgId).queryKey }),
  });
}
