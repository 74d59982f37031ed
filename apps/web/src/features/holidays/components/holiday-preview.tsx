import { Badge, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconCalendarOff } from "@tabler/icons-react";
import { type HolidayGroup, holidayYears, weekdayOf } from "@timetrap/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { formatDate } from "../../../lib/format";
import { useHolidayDays } from "../api/get-holiday-days";

/** A few years around this one: enough to check next year's days before they come. */
function previewYears(current: number): string[] {
  const years: string[] = [];
  for (let year = current - 1; year <= current + 2; year += 1) {
    if (year >= holidayYears.first && year <= holidayYears.last) years.push(String(year));
  }
  return years;
}

/** A group's days of one year, public and own, as the capacity will count them. */
export function HolidayPreview({ organizationId, group }: { organizationId: string; group: HolidayGroup }) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const days = useHolidayDays(organizationId, group.id, year);

  let content: React.ReactNode;
  if (days.isPending) content = <LoadingState />;
  else if (days.isError)
    content = (
      <LoadErrorState title={t("holidays.preview.loadError")} error={days.error} onRetry={() => void days.refetch()} />
    );
  else if (days.data.length === 0)
    content = <EmptyListState icon={IconCalendarOff} title={t("holidays.preview.empty", { year })} />;
  else
    content = (
      <Table.ScrollContainer minWidth={460} type="native">
        <Table
          verticalSpacing={6}
          horizontalSpacing="md"
          aria-label={t("holidays.preview.title", { name: group.name, year })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("holidays.preview.date")}</Table.Th>
              <Table.Th>{t("holidays.preview.name")}</Table.Th>
              <Table.Th>{t("holidays.preview.kind")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.data.map((day) => (
              <Table.Tr key={`${day.date}:${day.source}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Text size="sm" span c="dimmed" mr={6}>
                    {t(`holidays.weekdays.${weekdayOf(day.date)}`)}
                  </Text>
                  {formatDate(day.date)}
                </Table.Td>
                <Table.Td>{day.name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Badge variant="light" color={day.source === "own" ? "grape" : "blue"} radius="sm" size="sm">
                      {t(`holidays.sources.${day.source}`)}
                    </Badge>
                    {day.half_day && (
                      <Badge variant="outline" color="gray" radius="sm" size="sm">
                        {t("holidays.halfDay")}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={3} fz={16}>
              {t("holidays.preview.title", { name: group.name, year })}
            </Title>
            {days.isSuccess && (
              <Text size="sm" c="dimmed">
                {days.data.length === 1
                  ? t("holidays.preview.countOne")
                  : t("holidays.preview.count", { count: days.data.length })}
              </Text>
            )}
          </div>
          <Select
            label={t("holidays.preview.year")}
            data={previewYears(thisYear)}
            value={String(year)}
            onChange={(value) => value && setYear(Number(value))}
            allowDeselect={false}
            w={110}
          />
        </Group>
        {content}
      </Stack>
    </Paper>
  );
}
