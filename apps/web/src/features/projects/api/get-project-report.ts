import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ProjectReport, projectReportSchema } from "@timetrap/domain";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

export const projectReportKey = (organizationId: string, projectId: string, page: number, pageSize: number) =>
  [...projectKeys.detail(organizationId, projectId), "report", { page, pageSize }] as const;

/** Spec part 2 §7 `GET organization/{orgId}/project/{id}/report`: the project's time entries, newest first. */
export function getProjectReport({
  organizationId,
  projectId,
  page,
  pageSize,
  signal,
}: {
  organizationId: string;
  projectId: string;
  page: number;
  pageSize: number;
  signal?: AbortSignal;
}): Promise<ProjectReport> {
  return api.get(`${projectPath(organizationId, projectId)}/report`, {
    query: { page, page_size: pageSize },
    schema: projectReportSchema,
    signal,
  });
}

export function getProjectReportQueryOptions(
  organizationId: string,
  projectId: string,
  page: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: projectReportKey(organizationId, projectId, page, pageSize),
    queryFn: ({ signal }) => getProjectReport({ organizationId, projectId, page, pageSize, signal }),
  });
}

/** Turning a page keeps the last one on screen until the next arrives. */
export function useProjectReport(organizationId: string, projectId: string, page: number, pageSize: number) {
  return useQuery({
    ...getProjectReportQueryOptions(organizationId, projectId, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
