import { seriesEndBefore, type TimeBlockingEvent } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useDeleteTimeBlockingEvent, usePatchRecurrence } from "../../../api/time-blocking";
import { ChoiceDialog } from "./choice-dialog";

/** What a deletion of an occurrence of a series applies to (spec part 1 §4 "Recurrence"). */
export type DeleteScope = "only" | "following" | "all";

/**
 * Deletes a block as the person chose: a single block or a whole series (`all`) is deleted; one occurrence (`only`)
 * is skipped by its series; `following` ends the series before it. The event form and the board's Delete key share it.
 */
export function useDeleteEvent(userId: string) {
  const remove = useDeleteTimeBlockingEvent(userId);
  const patchRecurrence = usePatchRecurrence(userId);
  const deleteEvent = async (event: TimeBlockingEvent, scope: DeleteScope | null) => {
    const recurrenceId = event.recurrence_id;
    if (!recurrenceId || scope === null) await remove.mutateAsync({ eventId: event.id });
    else if (scope === "only") await patchRecurrence.mutateAsync({ recurrenceId, data: { skip: event.start_time } });
    else if (scope === "following") {
      await patchRecurrence.mutateAsync({ recurrenceId, data: { end_date: seriesEndBefore(event.start_time) } });
    } else await remove.mutateAsync({ eventId: event.id, recurrences: true });
  };
  return { deleteEvent, pending: remove.isPending || patchRecurrence.isPending };
}

/** The delete question: a plain confirmation for a block, the choice of this, the following or all for a series. */
export function DeleteEventDialog({
  event,
  opened,
  pending,
  onClose,
  onConfirm,
}: {
  event: TimeBlockingEvent;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (scope: DeleteScope | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ChoiceDialog<DeleteScope>
      opened={opened}
      title={t("eventForm.deleteDialog.title")}
      message={
        event.recurrence_id
          ? t("eventForm.deleteDialog.recurringMessage")
          : t("eventForm.deleteDialog.message", { title: event.title || t("eventForm.untitled") })
      }
      choices={
        event.recurrence_id
          ? [
              { value: "only", label: t("eventForm.deleteDialog.only") },
              { value: "following", label: t("eventForm.deleteDialog.following") },
              { value: "all", label: t("eventForm.deleteDialog.all") },
            ]
          : []
      }
      confirmLabel={t("eventForm.deleteDialog.confirm")}
      danger
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
