import { Anchor, Avatar, Button, Divider, Group, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconSubtask } from "@tabler/icons-react";
import type { Task } from "@timetrap/domain";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCreateTask } from "../../../api/tasks-mutations";
import { mutationToasts } from "../../../lib/notify";
import { taskModalSearch } from "../../../lib/task-modal-url";

/**
 * Spec part 1 §2 "Task modal": the subtasks, each opening the same modal, and a new subtask from a name and an
 * assignee (its project is the parent's). Whoever sees a task may add a subtask to it (decision 006).
 */
export function SubtasksSection({
  organizationId,
  task,
  userOptions,
}: {
  organizationId: string;
  task: Task;
  userOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const create = useCreateTask(organizationId);
  const [name, setName] = useState("");
  const [userId, setUserId] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // Spec part 1 §5: the create button waits for both a name and an assignee.
  const ready = name.trim() !== "" && !!userId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !task.project || !userId) return;
    // The button is busy (and so cannot hold the focus) while the subtask is saved: the focus goes to the name, inside
    // the dialog, ready for the next subtask, so that Tab and Escape keep working in the dialog.
    nameInput.current?.focus();
    create.mutate(
      { name: name.trim(), userId, projectId: task.project.uid, parentId: task.uid },
      mutationToasts(t("taskModal.subtasks.created"), () => {
        setName("");
        setUserId(null);
      }),
    );
  };

  return (
    <Stack gap="sm">
      <Divider />
      <Group gap="xs">
        <IconSubtask size={18} />
        <Title order={3} fz="md">
          {t("taskModal.subtasks.title")}
        </Title>
      </Group>
      {task.sub_tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("taskModal.subtasks.empty")}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {task.sub_tasks.map((subtask) => (
            <Group key={subtask.uid} component="li" justify="space-between" gap="sm" wrap="nowrap">
              <Anchor
                component={Link}
                to={taskModalSearch(searchParams, { taskId: subtask.uid })}
                size="sm"
                c={subtask.complete ? "dimmed" : undefined}
                td={subtask.complete ? "line-through" : undefined}
                style={{ overflowWrap: "anywhere" }}
              >
                {subtask.name}
              </Anchor>
              {subtask.user && (
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Avatar
                    src={subtask.user.image_url}
                    name={subtask.user.nominative}
                    color="initials"
                    size={22}
                    alt=""
                  />
                  <Text size="xs" c="dimmed" truncate>
                    {subtask.user.nominative}
                  </Text>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {task.project && (
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              ref={nameInput}
              label={t("taskModal.subtasks.name")}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              flex="2 1 200px"
              maxLength={500}
            />
            <Select
              label={t("taskModal.subtasks.assignee")}
              placeholder={t("taskModal.assigneePlaceholder")}
              data={userOptions}
              value={userId}
              onChange={setUserId}
              nothingFoundMessage={t("taskModal.noUsers")}
              searchable
              flex="1 1 180px"
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!ready}
              loading={create.isPending}
            >
              {t("taskModal.subtasks.create")}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
