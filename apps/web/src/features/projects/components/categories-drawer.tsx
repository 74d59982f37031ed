import { Badge, Button, ColorSwatch, Drawer, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconCategory, IconMap2, IconPlus, IconTags } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ProjectArea, ProjectCategory, TaskCategory } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeleteTaskCategory } from "../../../api/delete-task-category";
import { useTaskCategories } from "../../../api/get-task-categories";
import { useConfirmAction } from "../../../components/confirm-action";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { RowActions } from "../../../components/row-actions";
import { useDeleteProjectArea } from "../api/delete-project-area";
import { useDeleteProjectCategory } from "../api/delete-project-category";
import { useProjectAreas } from "../api/get-project-areas";
import { useProjectCategories } from "../api/get-project-categories";
import { type CategoryEditing, CategoryFormModal } from "./category-form-modal";

interface Item {
  uid: string;
  name: string;
  color?: string;
}

/** One list of the drawer: its items, and with the right to edit, the ways to add, change and delete them. */
function ItemList<T extends Item>({
  title,
  query,
  emptyTitle,
  emptyIcon,
  addLabel,
  canEdit,
  onAdd,
  onEdit,
  onDelete,
  extra,
}: {
  title: string;
  query: UseQueryResult<T[]>;
  emptyTitle: string;
  emptyIcon: typeof IconTags;
  addLabel: string;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
  /** What else a row says about its item. */
  extra?: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const addButton = canEdit && (
    <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
      {addLabel}
    </Button>
  );

  let content: ReactNode;
  if (query.isPending) content = <LoadingState />;
  else if (query.isError)
    content = <LoadErrorState title={t("categories.loadError")} error={query.error} onRetry={() => query.refetch()} />;
  else if (query.data.length === 0) content = <EmptyListState icon={emptyIcon} title={emptyTitle} />;
  else
    content = (
      <Stack gap={0} role="list" aria-label={title}>
        {query.data.map((item) => (
          <Group
            key={item.uid}
            role="listitem"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={8}
            px="sm"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              {item.color && <ColorSwatch color={item.color} size={14} withShadow={false} />}
              <Text size="sm" truncate>
                {item.name}
              </Text>
              {extra?.(item)}
            </Group>
            {canEdit && (
              <RowActions
                gap={4}
                editColor="gray"
                editLabel={t("categories.editRow", { name: item.name })}
                deleteLabel={t("categories.deleteRow", { name: item.name })}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            )}
          </Group>
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }}>
      <Group justify="space-between" px="sm" py="xs">
        <Title order={3} fz="sm">
          {title}
        </Title>
        {addButton}
      </Group>
      {content}
    </Paper>
  );
}

/** The drawer's content, mounted only while it is open, so the lists are asked for only when looked at. */
function CategoriesPanels({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const projectCategories = useProjectCategories(organizationId);
  const areas = useProjectAreas(organizationId);
  const taskCategories = useTaskCategories(organizationId);
  const deleteProjectCategory = useDeleteProjectCategory(organizationId);
  const deleteArea = useDeleteProjectArea(organizationId);
  const deleteTaskCategory = useDeleteTaskCategory(organizationId);
  const [editing, setEditing] = useState<{ opened: boolean; value: CategoryEditing }>({
    opened: false,
    value: { kind: "projectCategory", item: null },
  });
  const edit = (value: CategoryEditing) => setEditing({ opened: true, value });

  const askDeleteProjectCategory = (category: ProjectCategory) =>
    confirm({
      title: t("categories.deleteCategoryTitle"),
      message: t("categories.deleteProjectCategoryMessage", { name: category.name }),
      confirmLabel: t("categories.delete"),
      run: () => deleteProjectCategory.mutateAsync(category.uid),
      successMessage: t("categories.deleted"),
    });
  const askDeleteArea = (area: ProjectArea) =>
    confirm({
      title: t("categories.deleteAreaTitle"),
      message: t("categories.deleteAreaMessage", { name: area.name }),
      confirmLabel: t("categories.delete"),
      run: () => deleteArea.mutateAsync(area.uid),
      successMessage: t("categories.areaDeleted"),
    });
  const askDeleteTaskCategory = (category: TaskCategory) =>
    confirm({
      title: t("categories.deleteCategoryTitle"),
      message: t("categories.deleteTaskCategoryMessage", { name: category.name }),
      confirmLabel: t("categories.delete"),
      run: () => deleteTaskCategory.mutateAsync(category.uid),
      successMessage: t("categories.deleted"),
    });

  return (
    <>
      <Tabs defaultValue="projects" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="projects">{t("categories.tabProjects")}</Tabs.Tab>
          <Tabs.Tab value="tasks">{t("categories.tabTasks")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="projects">
          <Stack gap="md">
            <ItemList
              title={t("categories.projectCategories")}
              query={projectCategories}
              emptyTitle={t("categories.emptyCategories")}
              emptyIcon={IconCategory}
              addLabel={t("categories.newCategory")}
              canEdit={canEdit}
              onAdd={() => edit({ kind: "projectCategory", item: null })}
              onEdit={(item) => edit({ kind: "projectCategory", item })}
              onDelete={askDeleteProjectCategory}
            />
            <ItemList
              title={t("categories.projectAreas")}
              query={areas}
              emptyTitle={t("categories.emptyAreas")}
              emptyIcon={IconMap2}
              addLabel={t("categories.newArea")}
              canEdit={canEdit}
              onAdd={() => edit({ kind: "area", item: null })}
              onEdit={(item) => edit({ kind: "area", item })}
              onDelete={askDeleteArea}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="tasks">
          <ItemList
            title={t("categories.taskCategories")}
            query={taskCategories}
            emptyTitle={t("categories.emptyCategories")}
            emptyIcon={IconTags}
            addLabel={t("categories.newCategory")}
            canEdit={canEdit}
            onAdd={() => edit({ kind: "taskCategory", item: null })}
            onEdit={(item) => edit({ kind: "taskCategory", item })}
            onDelete={askDeleteTaskCategory}
            extra={(item) => (
              <Group gap={4} wrap="nowrap">
                {item.is_used_for_tasks && (
                  <Badge size="xs" variant="light" color="gray">
                    {t("categories.tasksBadge")}
                  </Badge>
                )}
                {item.is_used_for_planning && (
                  <Badge size="xs" variant="light" color="gray">
                    {t("categories.planningBadge")}
                  </Badge>
                )}
              </Group>
            )}
          />
        </Tabs.Panel>
      </Tabs>
      <CategoryFormModal
        organizationId={organizationId}
        editing={editing.value}
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}

/**
 * Spec part 2 §2: the categories drawer, with project categories and areas under Projects and task categories
 * under Tasks. Everyone sees them; changing them takes the right to edit projects (decision 006).
 */
export function CategoriesDrawer({
  organizationId,
  opened,
  canEdit,
  onClose,
}: {
  organizationId: string;
  opened: boolean;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} title={t("categories.title")} position="right" size="md">
      <CategoriesPanels organizationId={organizationId} canEdit={canEdit} />
    </Drawer>
  );
}
