import { Anchor, Group, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCornerLeftUp } from "@tabler/icons-react";
import { can, canEditProject, type Task } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { useProjects } from "../../../api/get-projects";
import { useTaskCategories } from "../../../api/get-task-categories";
import { useTask } from "../../../api/tasks";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { useSignedInUser } from "../../../lib/session";
import { taskModalSearch } from "../../../lib/task-modal-url";
import { SubtasksSection } from "./subtasks-section";
import { TaskForm } from "./task-form";

function ParentLink({ parent }: { parent: NonNullable<Task["parent_task"]> }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      <IconCornerLeftUp size={16} style={{ flexShrink: 0 }} />
      <Text size="sm">
        {t("taskModal.parent")}{" "}
        <Anchor component={Link} to={taskModalSearch(searchParams, { taskId: parent.uid })} fw={500}>
          {parent.name}
        </Anchor>
      </Text>
    </Group>
  );
}

function TaskModalBody({
  organizationId,
  taskId,
  projectId,
  onClose,
}: {
  organizationId: string;
  taskId: string | null;
  projectId: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useSignedInUser();
  const task = useTask(organizationId, taskId ?? "", { enabled: taskId !== null });
  const projects = useProjects(organizationId);
  const users = useActiveOrganizationUsers(organizationId);
  const categories = useTaskCategories(organizationId);

  if (taskId !== null && task.isPending) return <LoadingState />;
  if (taskId !== null && task.isError)
    return <LoadErrorState title={t("taskModal.loadError")} error={task.error} onRetry={() => void task.refetch()} />;

  const existing = taskId !== null ? (task.data ?? null) : null;
  // Decision 006: the assignee may change and delete a task, and so may whoever may edit its project.
  const project = existing?.project ? projects.data?.find((p) => p.uid === existing.project?.uid) : undefined;
  const canChange =
    !existing ||
    existing.user?.uid === me.uid ||
    (project ? canEditProject(me.role, me.uid, project) : can(me.role, "edit", "project"));
  const collator = new Intl.Collator(i18n.language, { sensitivity: "base" });
  const userOptions = (users.data ?? [])
    .map((user) => ({ value: user.uid, label: user.nominative }))
    .sort((a, b) => collator.compare(a.label, b.label));

  return (
    <Stack gap="md">
      {existing?.parent_task && <ParentLink parent={existing.parent_task} />}
      <TaskForm
        // A new form for each task, so a subtask opened from its parent starts from its own values.
        key={existing?.uid ?? `new-${projectId ?? ""}`}
        organizationId={organizationId}
        task={existing}
        projectId={projectId}
        projects={projects}
        users={users}
        categories={categories.data ?? []}
        readOnly={!canChange}
        canDelete={!!existing && canChange}
        onClose={onClose}
        assigneeId={me.uid}
        newProjectHref={
          can(me.role, "create", "project")
            ? `/user/${encodeURIComponent(me.uid)}/projects?organizationId=${encodeURIComponent(organizationId)}&new=project`
            : null
        }
      >
        {existing && <SubtasksSection organizationId={organizationId} task={existing} userOptions={userOptions} />}
      </TaskForm>
    </Stack>
  );
}

export interface TaskModalProps {
  organizationId: string;
  opened: boolean;
  /** The task to edit; a new task without it. */
  taskId: string | null;
  /** The project a new task starts in. */
  projectId: string | null;
  onClose: () => void;
}

/** Spec part 1 §2 "Task modal": a task's form, its parent and its subtasks; the whole screen on a phone. */
export function TaskModal({ organizationId, opened, taskId, projectId, onClose }: TaskModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={taskId ? t("taskModal.editTitle") : t("taskModal.newTitle")}
      size={640}
      fullScreen={phone}
    >
      <TaskModalBody organizationId={organizationId} taskId={taskId} projectId={projectId} onClose={onClose} />
    </Modal>
  );
}
