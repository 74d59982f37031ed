import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectArea, type ProjectAreaInput, projectAreaSchema } from "@timetrap/domain";
import { getProjectsQueryOptions } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { getProjectAreasQueryOptions } from "./get-project-areas";

export function updateProjectArea({
  organizationId,
  id,
  data,
}: {
  organizationId: string;
  id: string;
  data: ProjectAreaInput;
}): Promise<ProjectArea> {
  return api.patch(`/organization/${encodeURIComponent(organizationId)}/project-area/${encodeURIComponent(id)}`, {
    body: data,
    schema: projectAreaSchema,
  });
}

/** Projects carry their area's name, so they are asked again too. */
export function useUpdateProjectArea(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: ProjectAreaInput }) =>
      updateProjectArea({ organizationId, id, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectAreasQueryOptions(organizationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(organizationId).queryKey }),
      ]),
  });
}
