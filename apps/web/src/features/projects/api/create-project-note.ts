import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Note, noteSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";
import { getProjectNotesQueryOptions } from "./get-project-notes";

export function createProjectNote({
  organizationId,
  projectId,
  note,
}: {
  organizationId: string;
  projectId: string;
  note: string;
}): Promise<Note> {
  return api.post(`${projectPath(organizationId, projectId)}/note`, { body: { note }, schema: noteSchema });
}

export function useCreateProjectNote(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => createProjectNote({ organizationId, projectId, note }),
    onSuccess: (saved) => {
      // The saved note shows at once: the field leaves editing without flashing the previous text.
      const { queryKey } = getProjectNotesQueryOptions(organizationId, projectId);
      queryClient.setQueryData(queryKey, (notes = []) => [saved, ...notes.filter((note) => note.uid !== saved.uid)]);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
