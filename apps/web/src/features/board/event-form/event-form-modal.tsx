import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { TimeBlockingEvent, TimeBlockingEventInputFields } from "@timetrap/domain";
import { type JSX, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useProjects } from "../../../api/get-projects";
import { useTaskCategories } from "../../../api/get-task-categories";
import { useTasks } from "../../../api/tasks";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useOpenedAfterMount } from "../lib/use-opened-after-mount";
import { EventForm, type EventFormSubject } from "./event-form";
import { browserTimeZone } from "./event-form-values";

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

function subjectKey(target: EventFormTarget): string {
  return target.mode === "edit"
    ? `edit-${target.event.id}-${target.event.start_time}`
    : `new-${target.draft.start_time}-${target.draft.end_time}`;
}

function EventFormBody({
  userId,
  organizationId,
  subject,
  readOnly,
  onClose,
}: {
  userId: string;
  organizationId: string;
  subject: EventFormSubject;
  readOnly: boolean;
  onClose: () => void;
}) {
  const [timeZone] = useState(browserTimeZone);
  const initialProject = subject.mode === "edit" ? subject.event.project_id : (subject.draft.project_id ?? null);
  // Spec part 1 §4: the task choice lists the chosen project's tasks, or the board owner's when there is none.
  const [taskProject, setTaskProject] = useState<string | null>(initialProject || null);
  const projects = useProjects(organizationId);
  const categories = useTaskCategories(organizationId);
  const tasks = useTasks(organizationId, taskProject ? { projectId: taskProject } : { userId });
  return (
    <EventForm
      userId={userId}
      subject={subject}
      timeZone={timeZone}
      projects={projects}
      categories={categories}
      tasks={tasks}
      onTaskSourceChange={setTaskProject}
      readOnly={readOnly}
      onClose={onClose}
    />
  );
}

/** Spec part 1 §2 "Event form (modal)": opened while `target` is set; the whole screen on a phone. */
export function EventFormModal({ userId, target, onClose }: EventFormModalProps): JSX.Element {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  // The last target stays drawn while the modal closes, so its content does not vanish before it fades.
  const shown = useRef<EventFormTarget | null>(null);
  if (target) shown.current = target;
  const current = target ?? shown.current;
  // Decision 007: another person's board is changed only with edit team.
  const readOnly = userId !== me.uid && !can("edit", "team");
  const organizationId = me.organization?.uid;
  const title = readOnly
    ? t("eventForm.viewTitle")
    : current?.mode === "edit"
      ? t("eventForm.editTitle")
      : t("eventForm.newTitle");

  const opened = useOpenedAfterMount(target !== null);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size={760} fullScreen={phone}>
      {current && organizationId && (
        <EventFormBody
          key={subjectKey(current)}
          userId={userId}
          organizationId={organizationId}
          subject={current}
          readOnly={readOnly}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
