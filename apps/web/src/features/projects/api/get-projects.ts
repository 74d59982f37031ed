import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Project, projectSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";
import { projectKeys } from "./get-project";

const projectsSchema = z.array(projectSchema);

/** Every project the signed-in user may see: all of them with read project, else the ones they are on. */
export function getProjects({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<Project[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/project`, { schema: projectsSchema, signal });
}

export function getProjectsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: projectKeys.all(organizationId),
    queryFn: ({ signal }) => getProjects({ organizationId, signal }),
  });
}

export function useProjects(organizationId: string) {
  return useQuery(getProjectsQueryOptions(organizationId));
}
