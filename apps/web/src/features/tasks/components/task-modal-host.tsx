import { useState } from "react";
import { useSearchParams } from "react-router";
import { useSignedInUser } from "../../../lib/session";
import { readTaskModal, withoutTaskModal } from "../../../lib/task-modal-url";
import { TaskModal } from "./task-modal";

/**
 * The task modal of the whole shell, opened by the address (spec part 1 §2): ?modal=task works on every page,
 * and closing it takes modal, taskId and projectId away again.
 */
export function TaskModalHost() {
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = readTaskModal(searchParams);
  // While the modal fades out the address no longer names the task: it keeps showing the one it was closed on.
  const [shown, setShown] = useState(requested);
  if (
    requested.opened &&
    (requested.opened !== shown.opened || requested.taskId !== shown.taskId || requested.projectId !== shown.projectId)
  ) {
    setShown(requested);
  }

  const organizationId = user.organization?.uid;
  // Tasks belong to an organization and need a role to be seen; during onboarding there is nothing to show.
  if (!organizationId || !user.role) return null;

  return (
    <TaskModal
      organizationId={organizationId}
      opened={requested.opened}
      taskId={shown.taskId}
      projectId={shown.projectId}
      onClose={() => setSearchParams((current) => withoutTaskModal(current))}
    />
  );
}
