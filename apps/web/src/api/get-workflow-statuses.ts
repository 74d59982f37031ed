import { queryOptions, useQuery } from "@tanstack/react-query";
import { type WorkflowStatus, workflowStatusSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

const workflowStatusListSchema = z.array(workflowStatusSchema);

export function getWorkflowStatuses({
  orgId,
  signal,
}: {
  orgId: string;
  signal?: AbortSignal;
}): Promise<WorkflowStatus[]> {
  return api.get(`/organization/${encodeURIComponent(orgId)}/projects-workflows`, {
    schema: workflowStatusListSchema,
    signal,
  });
}

export function getWorkflowStatusesQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: ["organizations", orgId, "workflow-statuses"],
    queryFn: ({ signal }) => getWorkflowStatuses({ orgId, signal }),
  });
}

export function useWorkflowStatuses(orgId: string) {
  return useQuery(getWorkflowStatusesQueryOptions(orgId));
}
