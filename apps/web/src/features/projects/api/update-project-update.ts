import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectUpdate, projectUpdateSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import type { ProjectUpdateInput } from "./create-project-update";
import { projectPath, refreshProjectFigures } from "./get-project";
import { getProjectUpdatesQueryOptions } from "./get-project-updates";

export function updateProjectUpdate({
  organizationId,
  projectId,
  updateId,
  data,
}: {
  organizationId: string;
  projectId: string;
  updateId: string;
  data: ProjectUpdateInput;
}): Promise<ProjectUpdate> {
  return api.patch(`${projectPath(organizationId, projectId)}/updates/${encodeURIComponent(updateId)}`, {
    body: data,
    schema: projectUpdateSchema,
  });
}

export function useUpdateProjectUpdate(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ updateId, data }: { updateId: string; data: ProjectUpdateInput }) =>
      updateProjectUpdate({ organizationId, projectId, updateId, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectUpdatesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
