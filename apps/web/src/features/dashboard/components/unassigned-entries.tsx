import { Paper, Select, Table, Text, Title } from "@mantine/core";
import { IconClockCheck } from "@tabler/icons-react";
import { calendarDateIn, categoryFitsEventType, hoursMinutes, type TimeBlockingEvent } from "@timetrap/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useProjects } from "../../../api/get-projects";
import { useTaskCategories } from "../../../api/get-task-categories";
import { type EventRange, useNotAssignedEvents } from "../../../api/time-blocking";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { formatDate } from "../../../lib/format";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useAssignEntry } from "../api/assign-entry";

/**
 * Spec part 1 §2 "Dashboard": the week's logged entries without a project (title, date, duration, a project picker
 * and a category picker). Giving one a project files it, so it leaves the list.
 */
export function UnassignedEntries({
  userId,
  organizationId,
  range,
  timeZone,
}: {
  userId: string;
  organizationId: string;
  range: EventRange;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const entries = useNotAssignedEvents(userId, range);
  const projects = useProjects(organizationId);
  const categories = useTaskCategories(organizationId);
  const assign = useAssignEntry(userId);

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  const projectOptions = useMemo(
    () =>
      (projects.data ?? [])
        .map((project) => ({ value: project.uid, label: project.title }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [projects.data, collator],
  );
  // An entry is an activity: only the categories meant for activities fit it (decision 007).
  const categoryOptions = useMemo(
    () =>
      (categories.data ?? [])
        .filter((category) => categoryFitsEventType(category, "activity"))
        .map((category) => ({ value: category.uid, label: category.name }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [categories.data, collator],
  );

  // Spec part 1 §8: the success toast comes at once, not when the server has answered; a failure says so after.
  const change = (event: TimeBlockingEvent, patch: { project_id?: string; category_id?: string | null }) => {
    notifySuccess({ message: t("common.actionExecutedSuccessfully") });
    assign.mutate({ event, ...patch }, { onError: notifyRequestError });
  };

  let body: ReactNode;
  if (entries.isPending) {
    body = <LoadingState />;
  } else if (entries.isError) {
    body = (
      <LoadErrorState
        title={t("dashboard.unassigned.loadError")}
        error={entries.error}
        onRetry={() => void entries.refetch()}
      />
    );
  } else if (entries.data.length === 0) {
    body = (
      <Paper withBorder radius="lg">
        <EmptyListState
          icon={IconClockCheck}
          title={t("dashboard.unassigned.empty")}
          description={t("dashboard.unassigned.emptyDescription")}
        />
      </Paper>
    );
  } else {
    body = (
      <TableCard minWidth={760}>
        <Table horizontalSpacing="md" verticalSpacing="xs" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("dashboard.unassigned.columns.title")}</Table.Th>
              <Table.Th>{t("dashboard.unassigned.columns.date")}</Table.Th>
              <Table.Th ta="right">{t("dashboard.unassigned.columns.duration")}</Table.Th>
              <Table.Th w={230}>{t("dashboard.unassigned.columns.project")}</Table.Th>
              <Table.Th w={200}>{t("dashboard.unassigned.columns.category")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td maw={280}>
                  <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                    {entry.title || t("dashboard.unassigned.untitled")}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(calendarDateIn(entry.start_time, timeZone))}</Table.Td>
                <Table.Td ta="right">{hoursMinutes(entry.elapsed_time)}</Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t("dashboard.unassigned.pickProject", { title: entry.title })}
                    placeholder={t("dashboard.unassigned.projectPlaceholder")}
                    data={projectOptions}
                    value={null}
                    onChange={(value) => value && change(entry, { project_id: value })}
                    searchable
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t("dashboard.unassigned.pickCategory", { title: entry.title })}
                    placeholder={t("dashboard.unassigned.categoryPlaceholder")}
                    data={categoryOptions}
                    value={entry.category_id}
                    onChange={(value) => value !== entry.category_id && change(entry, { category_id: value })}
                    clearable
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableCard>
    );
  }

  return (
    <section aria-labelledby="unassigned-title">
      <Title order={2} fz="lg" mb={4} id="unassigned-title">
        {t("dashboard.unassigned.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("dashboard.unassigned.description")}
      </Text>
      {body}
    </section>
  );
}
