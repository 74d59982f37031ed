import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Project, projectSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

/**
 * Keys of the projects list, of one project and of what hangs from it (expenses, notes, links, updates). All sit under
 * the organization's projects prefix, so refreshing the list also refreshes an open project.
 */
export const projectKeys = {
  all: (organizationId: string) => ["organizations", organizationId, "projects"] as const,
  detail: (organizationId: string, projectId: string) =>
    ["organizations", organizationId, "projects", projectId] as const,
  part: (organizationId: string, projectId: string, part: "expenses" | "notes" | "links" | "updates") =>
    ["organizations", organizationId, "projects", projectId, part] as const,
};

const projectsSchema = z.array(projectSchema);

/**
 * Every project the signed-in user may see: all of them with read project, else the ones they are on (decision 006).
 * The projects screen and the task modal's project choice share this entry.
 */
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
