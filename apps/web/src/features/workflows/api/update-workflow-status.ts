import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WorkflowStatus, type WorkflowStatusInput, workflowStatusSchema } from "@timetrap/domain";
import { getWorkflowStatusesQueryOptions } from "../../../api/get-workflow-statuses";
import { api } from "../../../lib/api-client";

export function updateWorkflowStatus({
  orgId,
  statusId,
  data,
}: {
  orgId: string;
  statusId: string;
  data: WorkflowStatusInput;
}): Promise<WorkflowStatus> {
  return api.patch(`/organization/${encodeURIComponent(orgId)}/projects-workflows/${encodeURIComponent(statusId)}`, {
    body: data,
    schema: workflowStatusSchema,
  });
}

export function useUpdateWorkflowStatus(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statusId, data }: { statusId: string; data: WorkflowStatusInput }) =>
      updateWorkflowStatus({ orgId, statusId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWorkflowStatusesQueryOptions(orgId).queryKey }),
  });
}
