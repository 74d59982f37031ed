import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectCategory, type ProjectCategoryInput, projectCategorySchema } from "@timetrap/domain";
import { getProjectsQueryOptions } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { getProjectCategoriesQueryOptions } from "./get-project-categories";

export function updateProjectCategory({
  organizationId,
  id,
  data,
}: {
  organizationId: string;
  id: string;
  data: ProjectCategoryInput;
}): Promise<ProjectCategory> {
  return api.patch(`/organization/${encodeURIComponent(organizationId)}/project-category/${encodeURIComponent(id)}`, {
    body: data,
    schema: projectCategorySchema,
  });
}

/** Projects carry their category's name, so they are asked again too. */
export function useUpdateProjectCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: ProjectCategoryInput }) =>
      updateProjectCategory({ organizationId, id, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectCategoriesQueryOptions(organizationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(organizationId).queryKey }),
      ]),
  });
}
