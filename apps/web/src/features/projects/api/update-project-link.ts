import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectLink, projectLinkSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import type { ProjectLinkInput } from "./create-project-link";
import { projectPath } from "./get-project";
import { getProjectLinksQueryOptions } from "./get-project-links";

export function updateProjectLink({
  organizationId,
  projectId,
  linkId,
  data,
}: {
  organizationId: string;
  projectId: string;
  linkId: string;
  data: ProjectLinkInput;
}): Promise<ProjectLink> {
  return api.patch(`${projectPath(organizationId, projectId)}/links/${encodeURIComponent(linkId)}`, {
    body: data,
    schema: projectLinkSchema,
  });
}

export function useUpdateProjectLink(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, data }: { linkId: string; data: ProjectLinkInput }) =>
      updateProjectLink({ organizationId, projectId, linkId, data }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getProjectLinksQueryOptions(organizationId, projectId).queryKey }),
  });
}
