import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { projectPath, refreshProjectFigures } from "./get-project";
import { getProjectUpdatesQueryOptions } from "./get-project-updates";

export function deleteProjectUpdate({
  organizationId,
  projectId,
  updateId,
}: {
  organizationId: string;
  projectId: string;
  updateId: string;
}): Promise<void> {
  return api.delete(`${projectPath(organizationId, projectId)}/updates/${encodeURIComponent(updateId)}`);
}

export function useDeleteProjectUpdate(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateId: string) => deleteProjectUpdate({ organizationId, projectId, updateId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectUpdatesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
