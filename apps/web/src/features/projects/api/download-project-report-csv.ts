import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { projectPath } from "./get-project";

/** The server's CSV of every time entry of the project (not only the page on screen), saved as the server names it. */
export async function downloadProjectReportCsv({
  organizationId,
  projectId,
}: {
  organizationId: string;
  projectId: string;
}): Promise<void> {
  const { blob, fileName } = await api.getFile(`${projectPath(organizationId, projectId)}/report`, {
    query: { format: "csv" },
    accept: "text/csv",
  });
  saveFile(blob, fileName ?? `project-${projectId}-activities.csv`);
}

export function useDownloadProjectReportCsv() {
  return useMutation({ mutationFn: downloadProjectReportCsv });
}
