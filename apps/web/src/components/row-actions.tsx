import { ActionIcon, Group, type GroupProps } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";

/** The edit and delete buttons at the end of a row of a list or table; each label names the row's item. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  editColor,
  ...group
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  editColor?: string;
} & Omit<GroupProps, "children">) {
  return (
    <Group wrap="nowrap" {...group}>
      <ActionIcon variant="subtle" color={editColor} aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
