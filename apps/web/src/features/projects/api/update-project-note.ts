import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Note, noteSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { projectPath } from "./get-project";
import { getProjectNotesQueryOptions } from "./get-project-notes";

export function updateProjectNote({
  organizationId,
  projectId,
  noteId,
  note,
}: {
  organizationId: string;
  projectId: string;
  noteId: string;
  note: string;
}): Promise<Note> {
  return api.patch(`${projectPath(organizationId, projectId)}/note/${encodeURIComponent(noteId)}`, {
    body: { note },
    schema: noteSchema,
  });
}

export function useUpdateProjectNote(organizationId: string, projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, note }: { noteId: string; note: string }) =>
      updateProjectNote({ organizationId, projectId, noteId, note }),
    onSuccess: (saved) => {
      // The saved note shows at once: the field leaves editing without flashing the previous text.
      const { queryKey } = getProjectNotesQueryOptions(organizationId, projectId);
      queryClient.setQueryData(queryKey, (notes = []) => [saved, ...notes.filter((note) => note.uid !== saved.uid)]);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
