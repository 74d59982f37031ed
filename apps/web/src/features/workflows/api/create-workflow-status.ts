import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type WorkflowStatus, type WorkflowStatusInput, workflowStatusSchema } from "@timetrap/domain";
import { getWorkflowStatusesQueryOptions } from "../../../api/get-workflow-statuses";
import { api } from "../../../lib/api-client";

export function createWorkflowStatus({
  orgId,
  data,
}: {
  orgId: string;
  data: WorkflowStatusInput;
}): Promise<WorkflowStatus> {
  return api.post(`/organization/${encodeURIComponent(orgId)}/projects-workflows`, {
    body: data,
    schema: workflowStatusSchema,
  });
}

export function useCreateWorkflowStatus(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: WorkflowStatusInput) => createWorkflowStatus({ orgId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWorkflowStatusesQueryOptions(orgId).queryKey }),
  });
}
