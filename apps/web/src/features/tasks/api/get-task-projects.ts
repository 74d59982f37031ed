import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Project, projectSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const projectsSchema = z.array(projectSchema);

export function getTaskProjects({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<Project[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/project`, { schema: projectsSchema, signal });
}

/**
 * The projects a task may go to: the ones the user sees (decision 006). The call and its key are the projects
 * list's, so the modal and the projects screen share one cache entry and a project created or deleted there
 * refreshes the choices here.
 */
export function getTaskProjectsQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "projects"],
    queryFn: ({ signal }) => getTaskProjects({ organizationId, signal }),
  });
}

export function useTaskProjects(organizationId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTaskProjectsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
