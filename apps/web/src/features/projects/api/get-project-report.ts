import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  type ProjectReport,
  type ProjectReportSortColumn,
  projectReportSchema,
  type SortDirection,
} from "@timetrap/domain";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

/** The order the server sorts the entries in; none is its default, newest first. */
export interface ProjectReportOrder {
  sort: ProjectReportSortColumn;
  direction: SortDirection;
}

export const projectReportKey = (
  organizationId: string,
  projectId: string,
  page: number,
  pageSize: number,
  order: ProjectReportOrder | null = null,
) => [...projectKeys.detail(organizationId, projectId), "report", { page, pageSize, order }] as const;

/** The query parameters of an order: none for the server's default. */
export const orderQuery = (order: ProjectReportOrder | null) =>
  order ? { sort: order.sort, direction: order.direction } : {};

/**
 * Spec part 2 §7 `GET organization/{orgId}/project/{id}/report`: the project's time entries, a page at a time, newest
 * first or in `order`.
 */
export function getProjectReport({
  organizationId,
  projectId,
  page,
  pageSize,
  order = null,
  signal,
}: {
  organizationId: string;
  projectId: string;
  page: number;
  pageSize: number;
  order?: ProjectReportOrder | null;
  signal?: AbortSignal;
}): Promise<ProjectReport> {
  return api.get(`${projectPath(organizationId, projectId)}/report`, {
    query: { page, page_size: pageSize, ...orderQuery(order) },
    schema: projectReportSchema,
    signal,
  });
}

export function getProjectReportQueryOptions(
  organizationId: string,
  projectId: string,
  page: number,
  pageSize: number,
  order: ProjectReportOrder | null = null,
) {
  return queryOptions({
    queryKey: projectReportKey(organizationId, projectId, page, pageSize, order),
    queryFn: ({ signal }) => getProjectReport({ organizationId, projectId, page, pageSize, order, signal }),
  });
}

/** Turning a page or changing the order keeps the last page on screen until the next arrives. */
export function useProjectReport(
  organizationId: string,
  projectId: string,
  page: number,
  pageSize: number,
  order: ProjectReportOrder | null = null,
) {
  return useQuery({
    ...getProjectReportQueryOptions(organizationId, projectId, page, pageSize, order),
    placeholderData: keepPreviousData,
  });
}
