import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectArea, type ProjectAreaInput, projectAreaSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getProjectAreasQueryOptions } from "./get-project-areas";

export function createProjectArea({
  organizationId,
  data,
}: {
  organizationId: string;
  data: ProjectAreaInput;
}): Promise<ProjectArea> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/project-area`, {
    body: data,
    schema: projectAreaSchema,
  });
}

export function useCreateProjectArea(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProjectAreaInput) => createProjectArea({ organizationId, data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProjectAreasQueryOptions(organizationId).queryKey }),
  });
}
