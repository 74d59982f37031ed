import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ProjectUpdate, type projectUpdateInputSchema, projectUpdateSchema } from "@timetrap/domain";
import type { z } from "zod";
import { api } from "../../../lib/api-client";
import { projectPath, refreshProjectFigures } from "./get-project";
import { getProjectUpdatesQueryOptions } from "./get-project-updates";

export type ProjectUpdateInput = z.infer<typeof projectUpdateInputSchema>;

export function createProjectUpdate({
  organizationId,
  projectId,
  data,
}: {
  organizationId: string;
  projectId: string;
  data: ProjectUpdateInput;
}): Promise<ProjectUpdate> {
  return api.post(`${projectPath(organizationId, projectId)}/updates`, { body: data, schema: projectUpdateSchema });
}

/** The newest update sets the project's progress and latest status (decision 006): the project is asked again. */
export function useCreateProjectUpdate(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: ProjectUpdateInput) => createProjectUpdate({ organizationId, projectId, data }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getProjectUpdatesQueryOptions(organizationId, projectId).queryKey }),
        refreshProjectFigures(queryClient, organizationId, projectId),
      ]),
  });
}
