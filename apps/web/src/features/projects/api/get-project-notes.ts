import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Note, noteSchema } from "@timetrap/domain";
import { z } from "zod";
import { projectKeys } from "../../../api/get-projects";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";

const listSchema = z.array(noteSchema);

export function getProjectNotes({
  organizationId,
  projectId,
  signal,
}: {
  organizationId: string;
  projectId: string;
  signal?: AbortSignal;
}): Promise<Note[]> {
  return api.get(`${projectPath(organizationId, projectId)}/note`, { schema: listSchema, signal });
}

export function getProjectNotesQueryOptions(organizationId: string, projectId: string) {
  return queryOptions({
    queryKey: projectKeys.part(organizationId, projectId, "notes"),
    queryFn: ({ signal }) => getProjectNotes({ organizationId, projectId, signal }),
  });
}

export function useProjectNotes(organizationId: string, projectId: string) {
  return useQuery(getProjectNotesQueryOptions(organizationId, projectId));
}
