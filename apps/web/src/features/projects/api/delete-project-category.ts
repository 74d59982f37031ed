import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getProjectsQueryOptions } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { getProjectCategoriesQueryOptions } from "./get-project-categories";

export function deleteProjectCategory({ organizationId, id }: { organizationId: string; id: string }): Promise<void> {
  return api.delete(`/organization/${encodeURIComponent(organizationId)}/project-category/${encodeURIComponent(id)}`);
}

/** The server clears the category from its projects (decision 006), so they are asked again too. */
export function useDeleteProjectCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProjectCategory({ organizationId, id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectCategoriesQueryOptions(organizationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(organizationId).queryKey }),
      ]),
  });
}
