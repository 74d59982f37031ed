import { ActionIcon, Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { addDays } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format";

/** Monday to Sunday (weeks start on Monday, ARCHITECTURE.md "Time"), one week back or ahead, or back to this week. */
export function WeekNavigator({
  monday,
  thisMonday,
  onChange,
}: {
  monday: string;
  thisMonday: string;
  onChange: (monday: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("dashboard.week.previous")}
          onClick={() => onChange(addDays(monday, -7))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text
          fw={600}
          size="sm"
          ta="center"
          aria-live="polite"
          data-testid="week-label"
          style={{ whiteSpace: "nowrap" }}
        >
          {t("dashboard.week.range", { from: formatDate(monday), to: formatDate(addDays(monday, 6)) })}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("dashboard.week.next")}
          onClick={() => onChange(addDays(monday, 7))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Button variant="default" onClick={() => onChange(thisMonday)} disabled={monday === thisMonday}>
        {t("dashboard.week.current")}
      </Button>
    </Group>
  );
}
