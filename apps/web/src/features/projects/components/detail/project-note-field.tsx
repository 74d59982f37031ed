import { Skeleton, Textarea } from "@mantine/core";
import type { Note } from "@timetrap/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorState } from "../../../../components/query-states";
import { mutationToasts } from "../../../../lib/notify";
import { useCreateProjectNote } from "../../api/create-project-note";
import { useProjectNotes } from "../../api/get-project-notes";
import { useUpdateProjectNote } from "../../api/update-project-note";

/** Decision 006: the brief note is the project's newest note. */
function newestNote(notes: readonly Note[]): Note | null {
  return notes.reduce<Note | null>(
    (newest, note) => (!newest || note.created_at > newest.created_at ? note : newest),
    null,
  );
}

/**
 * Spec part 2 §2 "Project detail": the brief note is saved when the field loses the focus, created the first time
 * and updated by its uid afterwards.
 */
export function ProjectNoteField({
  organizationId,
  projectId,
  canEdit,
}: {
  organizationId: string;
  projectId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const notes = useProjectNotes(organizationId, projectId);
  const create = useCreateProjectNote(organizationId, projectId);
  const update = useUpdateProjectNote(organizationId, projectId);
  // What is being typed; null while the field shows the saved note.
  const [draft, setDraft] = useState<string | null>(null);

  if (notes.isPending) return <Skeleton height={96} radius="md" />;
  if (notes.isError)
    return (
      <LoadErrorState
        title={t("projectDetail.note.loadError")}
        error={notes.error}
        onRetry={() => void notes.refetch()}
      />
    );

  const saved = newestNote(notes.data);
  const savedText = saved?.note ?? "";

  const save = () => {
    // One call at a time: a second blur while the first note is being created would create a second note.
    if (draft === null || create.isPending || update.isPending) return;
    const text = draft;
    if (text === savedText) {
      setDraft(null);
      return;
    }
    // Back to the saved note only if nothing more was typed while the call was on its way.
    const options = mutationToasts(t("projectDetail.note.saved"), () =>
      setDraft((current) => (current === text ? null : current)),
    );
    if (saved) update.mutate({ noteId: saved.uid, note: text }, options);
    else create.mutate(text, options);
  };

  return (
    <Textarea
      size="md"
      label={t("projectDetail.note.label")}
      description={canEdit ? t("projectDetail.note.description") : undefined}
      placeholder={canEdit ? t("projectDetail.note.placeholder") : undefined}
      value={draft ?? savedText}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={save}
      readOnly={!canEdit}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={20_000}
    />
  );
}
