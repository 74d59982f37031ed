import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Project, type ProjectInput, projectSchema } from "@timetrap/domain";
import { getProjectsQueryOptions } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";

export function createProject({
  organizationId,
  data,
}: {
  organizationId: string;
  data: ProjectInput;
}): Promise<Project> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/project`, {
    body: data,
    schema: projectSchema,
  });
}

export function useCreateProject(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProjectInput) => createProject({ organizationId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(organizationId).queryKey }),
  });
}
