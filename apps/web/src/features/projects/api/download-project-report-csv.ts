import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { projectPath } from "./get-project";
import { orderQuery, type ProjectReportOrder } from "./get-project-report";

/**
 * The server's CSV of every time entry of the project (not only the page on screen), in the order on screen, saved as
 * the server names it.
 */
export async function downloadProjectReportCsv({
  organizationId,
  projectId,
  order = null,
}: {
  organizationId: string;
  projectId: string;
  order?: ProjectReportOrder | null;
}): Promise<void> {
  const { blob, fileName } = await api.getFile(`${projectPath(organizationId, projectId)}/report`, {
    query: { format: "csv", ...orderQuery(order) },
    accept: "text/csv",
  });
  saveFile(blob, fileName ?? `project-${projectId}-activities.csv`);
}

export function useDownloadProjectReportCsv() {
  return useMutation({ mutationFn: downloadProjectReportCsv });
}
