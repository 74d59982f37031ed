import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectCategory, projectCategorySchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const projectCategoriesSchema = z.array(projectCategorySchema);

export function getProjectCategories({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<ProjectCategory[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/project-category`, {
    schema: projectCategoriesSchema,
    signal,
  });
}

export function getProjectCategoriesQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "project-categories"],
    queryFn: ({ signal }) => getProjectCategories({ organizationId, signal }),
  });
}

export function useProjectCategories(organizationId: string) {
  return useQuery(getProjectCategoriesQueryOptions(organizationId));
}
