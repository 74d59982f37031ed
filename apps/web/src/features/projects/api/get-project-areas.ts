import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectArea, projectAreaSchema } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const projectAreasSchema = z.array(projectAreaSchema);

export function getProjectAreas({
  organizationId,
  signal,
}: {
  organizationId: string;
  signal?: AbortSignal;
}): Promise<ProjectArea[]> {
  return api.get(`/organization/${encodeURIComponent(organizationId)}/project-area`, {
    schema: projectAreasSchema,
    signal,
  });
}

export function getProjectAreasQueryOptions(organizationId: string) {
  return queryOptions({
    queryKey: ["organizations", organizationId, "project-areas"],
    queryFn: ({ signal }) => getProjectAreas({ organizationId, signal }),
  });
}

export function useProjectAreas(organizationId: string) {
  return useQuery(getProjectAreasQueryOptions(organizationId));
}
