import { Modal } from "@mantine/core";
import type { TimeBlockingEvent, TimeBlockingEventInputFields } from "@timetrap/domain";
import type { JSX } from "react";
import { useTranslation } from "react-i18next";

/** What the board opens the form on: a new event from a selected range or a copy, or an event to change. */
export type EventFormTarget =
  | {
      mode: "create";
      draft: { start_time: number; end_time: number; all_day?: boolean } & Partial<TimeBlockingEventInputFields>;
    }
  | { mode: "edit"; event: TimeBlockingEvent };

export interface EventFormModalProps {
  /** The owner of the board the form writes to. */
  userId: string;
  target: EventFormTarget | null;
  onClose: () => void;
}

/** Spec part 1 §2 "Event form (modal)". */
export function EventFormModal({ target, onClose }: EventFormModalProps): JSX.Element {
  const { t } = useTranslation();
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.mode === "edit" ? t("eventForm.editTitle") : t("eventForm.newTitle")}
    >
      {null}
    </Modal>
  );
}
