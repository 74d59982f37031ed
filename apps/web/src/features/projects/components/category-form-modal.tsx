import { ColorInput, Modal, Stack, Switch, TextInput } from "@mantine/core";
import {
  type ProjectArea,
  type ProjectCategory,
  projectAreaInputSchema,
  projectCategoryInputSchema,
  type TaskCategory,
  taskCategoryInputSchema,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCreateTaskCategory } from "../../../api/create-task-category";
import { useUpdateTaskCategory } from "../../../api/update-task-category";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateProjectArea } from "../api/create-project-area";
import { useCreateProjectCategory } from "../api/create-project-category";
import { useUpdateProjectArea } from "../api/update-project-area";
import { useUpdateProjectCategory } from "../api/update-project-category";

/** What the modal edits: a project category, a task category (with its two flags) or a project area (a name). */
export type CategoryEditing =
  | { kind: "projectCategory"; item: ProjectCategory | null }
  | { kind: "taskCategory"; item: TaskCategory | null }
  | { kind: "area"; item: ProjectArea | null };

/** A pleasant colour that a new category starts with; any other can be picked or typed. */
const defaultColor = "#4c6ef5";
const swatches = [
  "#fa5252",
  "#e64980",
  "#be4bdb",
  "#7950f2",
  "#4c6ef5",
  "#228be6",
  "#15aabf",
  "#12b886",
  "#40c057",
  "#82c91e",
  "#fab005",
  "#fd7e14",
];

interface Values {
  name: string;
  color: string;
  is_used_for_tasks: boolean;
  is_used_for_planning: boolean;
}
type Errors = Partial<Record<"name" | "color", string>>;

function valuesOf(editing: CategoryEditing): Values {
  const item = editing.item;
  return {
    name: item?.name ?? "",
    color: item && "color" in item ? item.color : defaultColor,
    // Spec part 2 §3: both flags default to true.
    is_used_for_tasks: editing.kind === "taskCategory" ? (editing.item?.is_used_for_tasks ?? true) : true,
    is_used_for_planning: editing.kind === "taskCategory" ? (editing.item?.is_used_for_planning ?? true) : true,
  };
}

/** Spec part 2 §5: name and colour are required, with the keys of the category they belong to. */
function errorsOf(issues: z.core.$ZodIssue[], values: Values, editing: CategoryEditing, t: TFunction): Errors {
  const keys = editing.kind === "taskCategory" ? "taskCategory" : "projectCategory";
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field !== "name" && field !== "color") continue;
    if (errors[field]) continue;
    if (issue.code === "too_big") errors[field] = t("categories.validations.tooLong", { max: Number(issue.maximum) });
    else if (field === "name") errors.name = t(`screens.projects.${keys}.validations.nameRequired`);
    else
      errors.color = values.color.trim()
        ? t("categories.validations.colorInvalid")
        : t(`screens.projects.${keys}.validations.colorRequired`);
  }
  return errors;
}

function CategoryForm({
  organizationId,
  editing,
  onClose,
}: {
  organizationId: string;
  editing: CategoryEditing;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createProjectCategory = useCreateProjectCategory(organizationId);
  const updateProjectCategory = useUpdateProjectCategory(organizationId);
  const createTaskCategory = useCreateTaskCategory(organizationId);
  const updateTaskCategory = useUpdateTaskCategory(organizationId);
  const createArea = useCreateProjectArea(organizationId);
  const updateArea = useUpdateProjectArea(organizationId);
  const [values, setValues] = useState<Values>(() => valuesOf(editing));
  const [errors, setErrors] = useState<Errors>({});
  const pending = [
    createProjectCategory,
    updateProjectCategory,
    createTaskCategory,
    updateTaskCategory,
    createArea,
    updateArea,
  ].some((mutation) => mutation.isPending);

  const change = <F extends keyof Values>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fail = (issues: z.core.$ZodIssue[]) => setErrors(errorsOf(issues, values, editing, t));
    const categoryToasts = mutationToasts(t(editing.item ? "categories.updated" : "categories.created"), onClose);
    if (editing.kind === "area") {
      const parsed = projectAreaInputSchema.safeParse({ name: values.name });
      if (!parsed.success) return fail(parsed.error.issues);
      const toasts = mutationToasts(t(editing.item ? "categories.areaUpdated" : "categories.areaCreated"), onClose);
      if (editing.item) updateArea.mutate({ id: editing.item.uid, data: parsed.data }, toasts);
      else createArea.mutate(parsed.data, toasts);
    } else if (editing.kind === "projectCategory") {
      const parsed = projectCategoryInputSchema.safeParse({ name: values.name, color: values.color });
      if (!parsed.success) return fail(parsed.error.issues);
      if (editing.item) updateProjectCategory.mutate({ id: editing.item.uid, data: parsed.data }, categoryToasts);
      else createProjectCategory.mutate(parsed.data, categoryToasts);
    } else {
      const parsed = taskCategoryInputSchema.safeParse(values);
      if (!parsed.success) return fail(parsed.error.issues);
      if (editing.item) updateTaskCategory.mutate({ categoryId: editing.item.uid, data: parsed.data }, categoryToasts);
      else createTaskCategory.mutate(parsed.data, categoryToasts);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("categories.name")}
          value={values.name}
          onChange={(event) => change("name", event.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        {editing.kind !== "area" && (
          <ColorInput
            size="md"
            label={t("categories.color")}
            value={values.color}
            onChange={(color) => change("color", color)}
            error={errors.color}
            format="hex"
            swatches={swatches}
            swatchesPerRow={6}
            required
          />
        )}
        {editing.kind === "taskCategory" && (
          <>
            <Switch
              size="md"
              label={t("categories.usedForTasks")}
              checked={values.is_used_for_tasks}
              onChange={(event) => change("is_used_for_tasks", event.currentTarget.checked)}
            />
            <Switch
              size="md"
              label={t("categories.usedForPlanning")}
              checked={values.is_used_for_planning}
              onChange={(event) => change("is_used_for_planning", event.currentTarget.checked)}
            />
          </>
        )}
        <ModalFormFooter pending={pending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

const titles = {
  projectCategory: { create: "categories.newCategoryTitle", edit: "categories.editCategoryTitle" },
  taskCategory: { create: "categories.newCategoryTitle", edit: "categories.editCategoryTitle" },
  area: { create: "categories.newAreaTitle", edit: "categories.editAreaTitle" },
} as const;

/** Spec part 2 §2 "Other modals": new opens empty, edit opens with the item, close resets. */
export function CategoryFormModal({
  organizationId,
  editing,
  opened,
  onClose,
}: {
  organizationId: string;
  editing: CategoryEditing;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t(titles[editing.kind][editing.item ? "edit" : "create"]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <CategoryForm
        key={`${editing.kind}-${editing.item?.uid ?? "new"}`}
        organizationId={organizationId}
        editing={editing}
        onClose={onClose}
      />
    </Modal>
  );
}
