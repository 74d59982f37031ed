import { Group, Text, type TextProps } from "@mantine/core";
import {
  IconChevronDown,
  IconChevronsDown,
  IconChevronsUp,
  IconChevronUp,
  IconEqual,
  type TablerIcon,
} from "@tabler/icons-react";
import { defaultPriority, isPriority, type Priority, priorityNames } from "@timetrap/domain";
import { useTranslation } from "react-i18next";

/** Spec part 1 §3: every priority has an icon and a translated name; colours go from cool to alarming. */
export const priorityIcons: Record<Priority, { icon: TablerIcon; color: string }> = {
  10: { icon: IconChevronsDown, color: "blue" },
  20: { icon: IconChevronDown, color: "teal" },
  30: { icon: IconEqual, color: "yellow.7" },
  40: { icon: IconChevronUp, color: "orange" },
  50: { icon: IconChevronsUp, color: "red" },
};

/** A stored value outside the scale (an old import) is shown as the default rather than as nothing. */
export function toPriority(value: number): Priority {
  return isPriority(value) ? value : defaultPriority;
}

export function PriorityIcon({ priority, size = 16 }: { priority: number; size?: number }) {
  const { icon: Icon, color } = priorityIcons[toPriority(priority)];
  return (
    <Text component="span" c={color} display="inline-flex" aria-hidden>
      <Icon size={size} stroke={2} />
    </Text>
  );
}

/** The priority's icon and its name in the reader's language. */
export function PriorityLabel({ priority, ...props }: { priority: number } & TextProps) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <PriorityIcon priority={priority} />
      <Text size="sm" {...props}>
        {t(`tasks.priorities.${priorityNames[toPriority(priority)]}`)}
      </Text>
    </Group>
  );
}
