import { Alert, Button, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { IconBriefcase } from "@tabler/icons-react";
import {
  type CalendarDate,
  defaultPriority,
  type OrganizationUser,
  type Project,
  priorities,
  priorityNames,
  type Task,
  type TaskCategory,
  taskInputSchema,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCreateTask, useDeleteTask, useUpdateTask } from "../../../api/tasks-mutations";
import { useConfirmAction } from "../../../components/confirm-action";
import { DateField } from "../../../components/date-field";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { PriorityIcon, toPriority } from "../../../components/task-priority";
import { dueDay, endOfDayMs } from "../../../lib/due-date";
import { mutationToasts } from "../../../lib/notify";
import { withCurrentOption } from "../../../lib/select-options";

type Field = "name" | "description" | "projectId" | "userId";
type Errors = Partial<Record<Field, string>>;

interface Values {
  name: string;
  description: string;
  dueDate: CalendarDate | null;
  projectId: string | null;
  userId: string | null;
  priority: string;
  categoryId: string | null;
  complete: boolean;
}

function valuesOf(task: Task | null, projectId: string | null, assigneeId: string | null): Values {
  return {
    name: task?.name ?? "",
    description: task?.description ?? "",
    dueDate: dueDay(task?.due_date ?? null),
    projectId: task ? (task.project?.uid ?? null) : projectId,
    userId: task ? (task.user?.uid ?? null) : assigneeId,
    priority: String(task ? toPriority(task.priority) : defaultPriority),
    categoryId: task?.category?.uid ?? null,
    complete: task?.complete ?? false,
  };
}

/** Spec part 1 §5: the task form's messages, in the reader's language. */
function errorsOf(issues: { path: PropertyKey[]; code: string; maximum?: unknown }[], t: TFunction): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (!field || errors[field]) continue;
    if (issue.code === "too_big") errors[field] = t("taskModal.validations.tooLong", { max: Number(issue.maximum) });
    else if (field === "name") errors.name = t("taskModal.validations.nameRequired");
    else if (field === "projectId") errors.projectId = t("taskModal.validations.projectRequired");
    else if (field === "userId") errors.userId = t("taskModal.validations.assigneeRequired");
  }
  return errors;
}

export interface TaskFormProps {
  organizationId: string;
  /** The task to edit; null for a new one. */
  task: Task | null;
  /** The project a new task starts in. */
  projectId: string | null;
  projects: { data?: Project[]; isError: boolean };
  users: { data?: OrganizationUser[]; isError: boolean };
  categories: TaskCategory[];
  /** Without the right to change the task, the form shows it and changes nothing. */
  readOnly: boolean;
  canDelete: boolean;
  onClose: () => void;
  /** Who a new task is for until changed: the person creating it. */
  assigneeId?: string | null;
  /** Where a person without any project can create the first one (null: they may not). */
  newProjectHref?: string | null;
  /** Shown below the fields and above the form's buttons, outside the form (the subtasks, with a form of their own). */
  children?: ReactNode;
}

/** Spec part 1 §2 "Task modal": name, description, due date, project, assignee, priority, category, complete. */
export function TaskForm({
  organizationId,
  task,
  projectId,
  projects,
  users,
  categories,
  readOnly,
  canDelete,
  onClose,
  assigneeId = null,
  newProjectHref = null,
  children,
}: TaskFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateTask(organizationId);
  const update = useUpdateTask(organizationId);
  const remove = useDeleteTask(organizationId);
  const confirmAction = useConfirmAction();
  const [values, setValues] = useState<Values>(() => valuesOf(task, projectId, assigneeId));
  const formId = useId();
  const [errors, setErrors] = useState<Errors>({});
  const pending = create.isPending || update.isPending;

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const collator = new Intl.Collator(i18n.language, { sensitivity: "base" });
  const projectOptions = withCurrentOption(
    (projects.data ?? [])
      .map((project) => ({ value: project.uid, label: project.title }))
      .sort((a, b) => collator.compare(a.label, b.label)),
    task?.project && { uid: task.project.uid, label: task.project.title },
  );
  const userOptions = withCurrentOption(
    (users.data ?? [])
      .map((user) => ({ value: user.uid, label: user.nominative }))
      .sort((a, b) => collator.compare(a.label, b.label)),
    task?.user && { uid: task.user.uid, label: task.user.nominative },
  );
  const categoryOptions = withCurrentOption(
    categories.filter((category) => category.is_used_for_tasks).map((c) => ({ value: c.uid, label: c.name })),
    task?.category && { uid: task.category.uid, label: task.category.name },
  );
  const priorityOptions = priorities.map((priority) => ({
    value: String(priority),
    label: t(`tasks.priorities.${priorityNames[priority]}`),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const parsed = taskInputSchema.safeParse({
      name: values.name,
      description: values.description,
      dueDate: values.dueDate ? endOfDayMs(values.dueDate) : null,
      projectId: values.projectId ?? "",
      userId: values.userId ?? "",
      complete: values.complete,
      priority: Number(values.priority),
      categoryId: values.categoryId,
    });
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues, t));
      return;
    }
    if (task) {
      // The parent is not part of this form: the task stays where it is in its tree.
      const { parentId: _parent, ...changes } = parsed.data;
      update.mutate({ taskId: task.uid, data: changes }, mutationToasts(t("taskModal.updated"), onClose));
    } else {
      create.mutate(parsed.data, mutationToasts(t("taskModal.created"), onClose));
    }
  };

  const askDelete = (existing: Task) =>
    confirmAction({
      title: t("taskModal.deleteTitle"),
      message: t("taskModal.deleteMessage", { name: existing.name }),
      confirmLabel: t("taskModal.deleteConfirm"),
      run: () => remove.mutateAsync(existing.uid).then(onClose),
      successMessage: t("taskModal.deleted"),
    });

  const noProjectYet = !task && projects.data !== undefined && projects.data.length === 0;

  return (
    <Stack gap="md">
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="md">
          {noProjectYet && (
            <Alert variant="light" color="blue" icon={<IconBriefcase size={18} />} title={t("taskModal.noProjectYet")}>
              <Stack gap="xs" align="flex-start">
                {t("taskModal.noProjectYetDescription")}
                {newProjectHref && (
                  <Button component={Link} to={newProjectHref} size="xs" variant="light" onClick={onClose}>
                    {t("taskModal.createFirstProject")}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <TextInput
            label={t("taskModal.name")}
            value={values.name}
            onChange={(event) => change("name", event.currentTarget.value)}
            error={errors.name}
            readOnly={readOnly}
            required
            data-autofocus
          />
          <Textarea
            size="md"
            label={t("taskModal.description")}
            value={values.description}
            onChange={(event) => change("description", event.currentTarget.value)}
            error={errors.description}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxRows={10}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Select
              label={t("taskModal.project")}
              placeholder={t("taskModal.projectPlaceholder")}
              data={projectOptions}
              value={values.projectId}
              onChange={(value) => change("projectId", value)}
              error={errors.projectId ?? (projects.isError ? t("taskModal.projectsUnavailable") : undefined)}
              nothingFoundMessage={t("taskModal.noProjects")}
              readOnly={readOnly}
              searchable
              required
            />
            <Select
              label={t("taskModal.assignee")}
              placeholder={t("taskModal.assigneePlaceholder")}
              data={userOptions}
              value={values.userId}
              onChange={(value) => change("userId", value)}
              error={errors.userId ?? (users.isError ? t("taskModal.usersUnavailable") : undefined)}
              nothingFoundMessage={t("taskModal.noUsers")}
              readOnly={readOnly}
              searchable
              required
            />
            <DateField
              size="md"
              label={t("taskModal.dueDate")}
              value={values.dueDate}
              onChange={(value) => change("dueDate", value)}
              readOnly={readOnly}
              clearable
            />
            <Select
              label={t("taskModal.priority")}
              data={priorityOptions}
              value={values.priority}
              onChange={(value) => change("priority", value ?? String(defaultPriority))}
              leftSection={<PriorityIcon priority={Number(values.priority)} />}
              renderOption={({ option }) => (
                <>
                  <PriorityIcon priority={Number(option.value)} />
                  {option.label}
                </>
              )}
              allowDeselect={false}
              readOnly={readOnly}
            />
            <Select
              label={t("taskModal.category")}
              placeholder={t("taskModal.categoryPlaceholder")}
              data={categoryOptions}
              value={values.categoryId}
              onChange={(value) => change("categoryId", value)}
              readOnly={readOnly}
              clearable
            />
          </SimpleGrid>
          {/* Spec part 1 §4: the complete flag is toggled only on a task that exists. */}
          {task && (
            <Switch
              label={t("taskModal.complete")}
              checked={values.complete}
              onChange={(event) => change("complete", event.currentTarget.checked)}
              disabled={readOnly}
            />
          )}
        </Stack>
      </form>
      {children}
      <ModalFormFooter
        form={formId}
        pending={pending}
        onCancel={onClose}
        readOnly={readOnly}
        start={
          task && canDelete ? (
            <Button variant="subtle" color="red" onClick={() => askDelete(task)} disabled={pending}>
              {t("taskModal.delete")}
            </Button>
          ) : undefined
        }
      />
    </Stack>
  );
}
