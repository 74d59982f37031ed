import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Project, type ProjectInput, projectSchema } from "@timetrap/domain";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { refreshProjectFigures } from "./get-project";

/** Decision 006: the whole project, as the modal sends it. */
export function updateProject({
  organizationId,
  projectId,
  data,
}: {
  organizationId: string;
  projectId: string;
  data: ProjectInput;
}): Promise<Project> {
  return api.patch(`/organization/${encodeURIComponent(organizationId)}/project/${encodeURIComponent(projectId)}`, {
    body: data,
    schema: projectSchema,
  });
}

export function useUpdateProject(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, data }: { projectId: string; data: ProjectInput }) =>
      updateProject({ organizationId, projectId, data }),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(organizationId, project.uid), project);
      return refreshProjectFigures(queryClient, organizationId, project.uid);
    },
  });
}
