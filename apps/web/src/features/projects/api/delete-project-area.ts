import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getProjectsQueryOptions } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { getProjectAreasQueryOptions } from "./get-project-areas";

export function deleteProjectArea({ organizationId, id }: { organizationId: string; id: string }): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(organizationId)}/project-area/${encodeURIComponent(id)}`);
}

/** The server clears the area from its projects (decision 006), so they are asked again too. */
export function useDeleteProjectArea(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProjectArea({ organizationId, id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectAreasQueryOptions(organizationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(organizationId).queryKey }),
      ]),
  });
}
