import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";
import { getProjectLinksQueryOptions } from "./get-project-links";

export function deleteProjectLink({
  organizationId,
  projectId,
  linkId,
}: {
  organizationId: string;
  projectId: string;
  linkId: string;
}): Promise<void> {
  return api.delete(`${projectPath(organizationId, projectId)}/links/${encodeURIComponent(linkId)}`);
}

export function useDeleteProjectLink(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => deleteProjectLink({ organizationId, projectId, linkId }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getProjectLinksQueryOptions(organizationId, projectId).queryKey }),
  });
}
