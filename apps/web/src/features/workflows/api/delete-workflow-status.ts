import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getWorkflowStatusesQueryOptions } from "../../../api/get-workflow-statuses";
import { api } from "../../../lib/api-client";

export function deleteWorkflowStatus({ orgId, statusId }: { orgId: string; statusId: string }): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(orgId)}/projects-workflows/${encodeURIComponent(statusId)}`);
}

export function useDeleteWorkflowStatus(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statusId: string) => deleteWorkflowStatus({ orgId, statusId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWorkflowStatusesQueryOptions(orgId).queryKey }),
  });
}
