import { Badge } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import type { OverdueColor } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";

const badgeStyle = { textTransform: "none" } as const;

/** A side-panel card's due day (dd/MM/yyyy), coloured by how overdue it is (spec part 1 §4); `label` is read out. */
export function DueBadge({ day, color, label }: { day: string; color: OverdueColor | "gray"; label: string }) {
  return (
    <Badge size="sm" variant="light" color={color} radius="sm" style={badgeStyle} aria-label={label}>
      {formatDate(day)}
    </Badge>
  );
}

/** A side-panel card's complete flag (spec part 1 §2 "Task card"): completed or open. */
export function CompleteBadge({ complete }: { complete: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="sm"
      variant="outline"
      color={complete ? "teal" : "gray"}
      radius="sm"
      style={badgeStyle}
      leftSection={complete ? <IconCircleCheck size={12} /> : <IconCircleDashed size={12} />}
    >
      {t(complete ? "tasks.states.completed" : "tasks.states.open")}
    </Badge>
  );
}
