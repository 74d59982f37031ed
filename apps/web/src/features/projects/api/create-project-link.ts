import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectLink, type projectLinkInputSchema, projectLinkSchema } from "@timetrap/domain";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";
import { getProjectLinksQueryOptions } from "./get-project-links";

export type ProjectLinkInput = z.infer<typeof projectLinkInputSchema>;

export function createProjectLink({
  organizationId,
  projectId,
  data,
}: {
  organizationId: string;
  projectId: string;
  data: ProjectLinkInput;
}): Promise<ProjectLink> {
  return api.post(`${projectPath(organizationId, projectId)}/links`, { body: data, schema: projectLinkSchema });
}

export function useCreateProjectLink(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProjectLinkInput) => createProjectLink({ organizationId, projectId, data }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getProjectLinksQueryOptions(organizationId, projectId).queryKey }),
  });
}
