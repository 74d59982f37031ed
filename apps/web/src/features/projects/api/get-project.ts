import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type Project, projectSchema } from "@timetrap/domain";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";

export const projectPath = (organizationId: string, projectId: string) =>
  `/organization/${encodeURIComponent(organizationId)}/project/${encodeURIComponent(projectId)}`;

export function getProject({
  organizationId,
  projectId,
  signal,
}: {
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<Project> {
  return api.get(projectPath(organizationId, projectId), { schema: projectSchema, signal });
}

export function getProjectQueryOptions(organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.detail(organizationId, projectId),
    queryFn: ({ signal }) => getProject({ organizationId, projectId, signal }),
  });
}

export function useProject(organizationId: string, projectId: string) {
  return useQuery(getProjectQueryOptions(organizationId, projectId));
}

/**
 * The project's figures come from its expenses and updates (decision 006: progress, latest update, final-balance
 * total, marginability): after one of those changes the project and the lists that show it are asked again, but
 * not the project's other parts, which did not change.
 */
export function refreshProjectFigures(queryClient: QueryClient, organizationId: string, projectId: string) {
  const detail = projectKeys.detail(organizationId, projectId);
  return queryClient.invalidateQueries({
    queryKey: projectKeys.all(organizationId),
    predicate: (query) => query.queryKey.length <= detail.length || query.queryKey[3] !== projectId,
  });
}
