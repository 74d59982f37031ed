import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectCategory, type ProjectCategoryInput, projectCategorySchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getProjectCategoriesQueryOptions } from "./get-project-categories";

export function createProjectCategory({
  organizationId,
  data,
}: {
  organizationId: string;
  data: ProjectCategoryInput;
}): Promise<ProjectCategory> {
  return api.post(`/organization/${encodeURIComponent(organizationId)}/project-category`, {
    body: data,
    schema: projectCategorySchema,
  });
}

export function useCreateProjectCategory(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProjectCategoryInput) => createProjectCategory({ organizationId, data }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getProjectCategoriesQueryOptions(organizationId).queryKey }),
  });
}
