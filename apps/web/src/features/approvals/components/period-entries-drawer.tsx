import { Badge, Drawer, Group, Stack, Table, Text } from "@mantine/core";
import { IconCalendarOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  addDays,
  calendarDateIn,
  hoursMinutes,
  type Period,
  startOfCalendarDay,
  type TimeBlockingEvent,
  wallClockAt,
} from "@timetrap/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { getTimeBlockingEventsQueryOptions } from "../../../api/time-blocking";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { formatDate } from "../../../lib/format";

export interface EntriesTarget {
  userId: string;
  nominative: string;
  period: Period;
}

const pad = (value: number) => String(value).padStart(2, "0");

function clockIn(instant: number, timeZone: string): string {
  const wall = wallClockAt(instant, timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The activities of the period, in the order they happened; planning blocks are plans, not hours worked. */
function activitiesOf(events: readonly TimeBlockingEvent[]): TimeBlockingEvent[] {
  return events
    .filter((event) => event.event_type === "activity" && !event.all_day)
    .sort((a, b) => a.start_time - b.start_time);
}

function EntriesTable({ events, timeZone }: { events: TimeBlockingEvent[]; timeZone: string }) {
  const { t } = useTranslation();
  // Logged time is the elapsed time of completed activities, as the approvals' figures count it.
  const logged = events.reduce((sum, event) => sum + (event.completed ? Math.max(0, event.elapsed_time) : 0), 0);
  return (
    <Stack gap="sm">
      <TableCard minWidth={460}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("approvals.entries.date")}</Table.Th>
              <Table.Th>{t("approvals.entries.entry")}</Table.Th>
              <Table.Th>{t("approvals.entries.time")}</Table.Th>
              <Table.Th ta="right">{t("approvals.entries.duration")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <Table.Tr key={`${event.id}:${event.start_time}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {formatDate(calendarDateIn(event.start_time, timeZone))}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {event.title.trim() || t("approvals.entries.untitled")}
                  </Text>
                  {event.project && (
                    <Text size="xs" c="dimmed">
                      {event.project.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {`${clockIn(event.start_time, timeZone)} – ${clockIn(event.end_time, timeZone)}`}
                </Table.Td>
                <Table.Td ta="right">
                  {event.completed ? (
                    hoursMinutes(event.elapsed_time)
                  ) : (
                    <Badge variant="light" color="gray" size="sm" tt="none">
                      {t("approvals.entries.notConfirmed")}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
      <Group justify="space-between" px="sm">
        <Text size="sm" fw={600}>
          {t("approvals.entries.total")}
        </Text>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: "tabular-nums" }}>
          {hoursMinutes(logged)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * A person's activities of one period, read through the board's own route (decision 026: "the week's entries on a
 * click"), with the days in the approver's zone.
 */
export function PeriodEntriesDrawer({
  target,
  opened,
  timeZone,
  onClose,
}: {
  /** Kept while the drawer closes, so that its content stays until it has gone. */
  target: EntriesTarget | null;
  opened: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const range = useMemo(
    () =>
      target
        ? {
            start: startOfCalendarDay(target.period.start, timeZone),
            end: startOfCalendarDay(addDays(target.period.end, 1), timeZone),
          }
        : null,
    [target, timeZone],
  );
  // Not the board's hook: it keeps the last answer on screen, which here would be another person's entries.
  const events = useQuery({
    ...getTimeBlockingEventsQueryOptions(target?.userId ?? "", range ?? { start: 0, end: 0 }),
    enabled: opened && range !== null,
  });

  let content: ReactNode = null;
  if (target) {
    if (events.isPending) content = <LoadingState />;
    else if (events.isError)
      content = (
        <LoadErrorState
          title={t("approvals.entries.loadError")}
          error={events.error}
          onRetry={() => void events.refetch()}
        />
      );
    else {
      const activities = activitiesOf(events.data);
      content =
        activities.length === 0 ? (
          <EmptyListState framed icon={IconCalendarOff} title={t("approvals.entries.empty")} />
        ) : (
          <EntriesTable events={activities} timeZone={timeZone} />
        );
    }
  }

  return (
    <Drawer
      opened={opened && target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        target && (
          <div>
            <Text fw={600}>{t("approvals.entries.title", { name: target.nominative })}</Text>
            <Text size="sm" c="dimmed">
              {t("approvals.entries.period", {
                from: formatDate(target.period.start),
                to: formatDate(target.period.end),
              })}
            </Text>
          </div>
        )
      }
    >
      {content}
    </Drawer>
  );
}
