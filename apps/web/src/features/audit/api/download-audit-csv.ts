import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveFile } from "../../../lib/save-file";
import { type AuditRequest, auditPath } from "./get-audit-log";

/** The server's CSV of every event of the filtered period (not only the pages on screen), saved as the server names it. */
export async function downloadAuditCsv({
  organizationId,
  request,
}: {
  organizationId: string;
  request: AuditRequest;
}): Promise<void> {
  const { blob, fileName } = await api.getFile(auditPath(organizationId, request, { format: "csv" }), {
    accept: "text/csv",
  });
  saveFile(blob, fileName ?? `audit-${request.start_date}-${request.end_date}.csv`);
}

export function useDownloadAuditCsv() {
  return useMutation({ mutationFn: downloadAuditCsv });
}
