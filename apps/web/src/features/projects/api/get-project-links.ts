import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectLink, projectLinkSchema } from "@timetrap/domain";
import { z } from "zod";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

const listSchema = z.array(projectLinkSchema);

export function getProjectLinks({
  organizationId,
  projectId,
  signal,
}: {
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<ProjectLink[]> {
  return api.get(`${projectPath(organizationId, projectId)}/links`, { schema: listSchema, signal });
}

export function getProjectLinksQueryOptions(organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.part(organizationId, projectId, "links"),
    queryFn: ({ signal }) => getProjectLinks({ organizationId, projectId, signal }),
  });
}

export function useProjectLinks(organizationId: string, projectId: string) {
  return useQuery(getProjectLinksQueryOptions(organizationId, projectId));
}
