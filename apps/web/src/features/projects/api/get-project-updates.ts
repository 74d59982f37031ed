import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectUpdate, projectUpdateSchema } from "@timetrap/domain";
import { z } from "zod";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

const listSchema = z.array(projectUpdateSchema);

export function getProjectUpdates({
  organizationId,
  projectId,
  signal,
}: {
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<ProjectUpdate[]> {
  return api.get(`${projectPath(organizationId, projectId)}/updates`, { schema: listSchema, signal });
}

export function getProjectUpdatesQueryOptions(organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.part(organizationId, projectId, "updates"),
    queryFn: ({ signal }) => getProjectUpdates({ organizationId, projectId, signal }),
  });
}

export function useProjectUpdates(organizationId: string, projectId: string) {
  return useQuery(getProjectUpdatesQueryOptions(organizationId, projectId));
}
