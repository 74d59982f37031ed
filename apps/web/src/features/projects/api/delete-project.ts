import { useMutation, useQueryClient } from "@tanstack/react-query";
import { projectKeys } from "../../../api/get-projects";
import { taskKeys } from "../../../api/tasks";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

export function deleteProject({ organizationId, projectId }: { organizationId: string; projectId: string }) {
  return api.delete<void>(projectPath(organizationId, projectId));
}

/** Decision 006: deleting a project deletes its tasks too, so the task lists are refreshed with the projects. */
export function useDeleteProject(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => deleteProject({ organizationId, projectId }),
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: projectKeys.detail(organizationId, projectId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all(organizationId) }),
      ]);
    },
  });
}
