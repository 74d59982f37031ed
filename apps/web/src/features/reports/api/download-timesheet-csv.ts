import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { type TimesheetRequest, timesheetPath } from "./get-timesheet";

/**
 * The server's CSV of the same rows (separator ;, decimal comma, byte-order mark, the byDay zero rows), saved as the
 * server names it.
 */
export async function downloadTimesheetCsv({ request }: { request: TimesheetRequest }): Promise<void> {
  const { blob, fileName } = await api.getFile(timesheetPath(request, "csv"), { accept: "text/csv" });
  saveFile(blob, fileName ?? `timesheet-${request.timesheet_type}-${request.start_date}-${request.end_date}.csv`);
}

export function useDownloadTimesheetCsv() {
  return useMutation({ mutationFn: downloadTimesheetCsv });
}
