import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type Timesheet, type TimesheetQuery, timesheetSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** What the screen asks for: the period, the type and the filters (each filter a list of ids, empty for all). */
export type TimesheetRequest = Omit<TimesheetQuery, "format">;

export const reportKeys = {
  timesheet: (request: TimesheetRequest) => ["reports", "timesheet", request] as const,
};

/**
 * `?start_date&end_date&timesheet_type` plus each filter id repeated (`user_id=a&user_id=b`), which is how the server
 * reads a list.
 */
export function timesheetPath(request: TimesheetRequest, format?: "csv"): string {
  const params = new URLSearchParams({
    start_date: request.start_date,
    end_date: request.end_date,
    timesheet_type: request.timesheet_type,
  });
  for (const id of request.user_id) params.append("user_id", id);
  for (const id of request.project_id) params.append("project_id", id);
  for (const id of request.customer_id) params.append("customer_id", id);
  if (format) params.set("format", format);
  return `/report/timesheet?${params.toString()}`;
}

export function getTimesheet({
  request,
  signal,
}: {
  request: TimesheetRequest;
  signal?: AbortSignal;
}): Promise<Timesheet> {
  return api.get(timesheetPath(request), { schema: timesheetSchema, signal });
}

export function getTimesheetQueryOptions(request: TimesheetRequest) {
  return queryOptions({
    queryKey: reportKeys.timesheet(request),
    queryFn: ({ signal }) => getTimesheet({ request, signal }),
  });
}

/** Asked only once the person pressed Generate (`request` null before). */
export function useTimesheet(request: TimesheetRequest | null) {
  return useQuery({
    ...getTimesheetQueryOptions(
      request ?? {
        start_date: "",
        end_date: "",
        timesheet_type: "byDay",
        user_id: [],
        project_id: [],
        customer_id: [],
      },
    ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
