import { Alert, Button, Group, MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconDownload, IconLock, IconReportAnalytics, IconTableOptions } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { addDays, longestReportDays, type TimesheetType, timesheetQuerySchema, timesheetTypes } from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { getCustomersQueryOptions } from "../../../api/get-customers";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { useProjects } from "../../../api/get-projects";
import { DateField } from "../../../components/date-field";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { notifyRequestError } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useDownloadTimesheetCsv } from "../api/download-timesheet-csv";
import { type TimesheetRequest, useTimesheet } from "../api/get-timesheet";
import { TimesheetRowsTable, TimesheetTotalsTable } from "./timesheet-tables";

interface Filters {
  users: string[];
  projects: string[];
  customers: string[];
}

/** Spec part 2 §2 "Timesheet report": /organization/{orgId}/reports/timesheet, for `read timesheet`. */
export function TimesheetPage() {
  const { t, i18n } = useTranslation();
  const { orgId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const phone = useMediaQuery("(max-width: 767px)");
  const [type, setType] = useState<TimesheetType>("byDay");
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>({ users: [], projects: [], customers: [] });
  const [request, setRequest] = useState<TimesheetRequest | null>(null);
  const [periodError, setPeriodError] = useState<string | null>(null);
  const timesheet = useTimesheet(request);
  const download = useDownloadTimesheetCsv();

  const users = useActiveOrganizationUsers(orgId);
  const projects = useProjects(orgId);
  // Customers are read with `read organization` (decision 005); without it the filter is left out.
  const canReadCustomers = can("read", "organization");
  const customers = useQuery({ ...getCustomersQueryOptions(orgId), enabled: canReadCustomers });

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  const byLabel = (a: { label: string }, b: { label: string }) => collator.compare(a.label, b.label);
  const userOptions = (users.data ?? []).map((u) => ({ value: u.uid, label: u.nominative })).sort(byLabel);
  const projectOptions = (projects.data ?? []).map((p) => ({ value: p.uid, label: p.title })).sort(byLabel);
  const customerOptions = (customers.data ?? []).map((c) => ({ value: c.uid, label: c.nominative })).sort(byLabel);

  const generate = () => {
    if (!from || !to) return;
    const parsed = timesheetQuerySchema.safeParse({
      start_date: from,
      end_date: to,
      timesheet_type: type,
      user_id: filters.users,
      project_id: filters.projects,
      customer_id: filters.customers,
    });
    if (!parsed.success) {
      setPeriodError(
        to < from
          ? t("timesheet.validation.endBeforeStart")
          : t("timesheet.validation.tooLong", { days: longestReportDays }),
      );
      return;
    }
    setPeriodError(null);
    const { format: _format, ...query } = parsed.data;
    // Generate always reads the figures again, also for the period already on screen.
    if (JSON.stringify(query) === JSON.stringify(request)) void timesheet.refetch();
    else setRequest(query);
  };

  const exportCsv = () => {
    if (request) download.mutate({ request }, { onError: notifyRequestError });
  };

  let content: ReactNode;
  if (!request) {
    content = (
      <EmptyListState
        framed
        icon={IconTableOptions}
        title={t("timesheet.prompt.title")}
        description={t("timesheet.prompt.description")}
      />
    );
  } else if (timesheet.isPending) {
    content = <LoadingState />;
  } else if (timesheet.isError) {
    content = (
      <LoadErrorState
        title={t("timesheet.loadError")}
        error={timesheet.error}
        onRetry={() => void timesheet.refetch()}
      />
    );
  } else if (timesheet.data.totals.length === 0 && timesheet.data.rows.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconReportAnalytics}
        title={t("timesheet.empty.title")}
        description={t("timesheet.empty.description")}
      />
    );
  } else {
    content = (
      <Stack gap="lg">
        <TimesheetTotalsTable timesheet={timesheet.data} />
        <TimesheetRowsTable timesheet={timesheet.data} userId={me.uid} organizationId={orgId} />
      </Stack>
    );
  }

  // The menu hides the entry without the right; someone who follows a link is told why nothing comes.
  if (!can("read", "timesheet")) {
    return (
      <ListPage>
        <PageHeader title={t("timesheet.title")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("timesheet.noAccess")}
        </Alert>
      </ListPage>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("timesheet.title")}
        description={t("timesheet.description")}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={exportCsv}
            loading={download.isPending}
            disabled={!request || !timesheet.isSuccess}
          >
            {t("timesheet.export")}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" mb="lg">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4} w={{ base: "100%", sm: "auto" }}>
              <Text size="sm" fw={500} id="timesheet-type-label">
                {t("timesheet.type.label")}
              </Text>
              <SegmentedControl
                aria-labelledby="timesheet-type-label"
                orientation={phone ? "vertical" : "horizontal"}
                fullWidth={phone}
                value={type}
                onChange={(value) => setType(value as TimesheetType)}
                data={timesheetTypes.map((value) => ({ value, label: t(`timesheet.type.${value}`) }))}
              />
            </Stack>
            <DateField
              label={t("timesheet.from")}
              value={from}
              onChange={(value) => {
                setFrom(value);
                setPeriodError(null);
              }}
              w={{ base: "100%", xs: 170 }}
            />
            <DateField
              label={t("timesheet.to")}
              value={to}
              onChange={(value) => {
                setTo(value);
                setPeriodError(null);
              }}
              minDate={from ?? undefined}
              maxDate={from ? addDays(from, longestReportDays - 1) : undefined}
              error={periodError}
              w={{ base: "100%", xs: 170 }}
            />
            {/* Spec part 2 §5: generating needs both dates. */}
            <Button onClick={generate} disabled={!from || !to} loading={timesheet.isFetching}>
              {t("timesheet.generate")}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <MultiSelect
              label={t("timesheet.filters.users")}
              placeholder={filters.users.length === 0 ? t("timesheet.filters.all") : undefined}
              data={userOptions}
              value={filters.users}
              onChange={(value) => setFilters((current) => ({ ...current, users: value }))}
              searchable
              clearable
              hidePickedOptions
            />
            <MultiSelect
              label={t("timesheet.filters.projects")}
              placeholder={filters.projects.length === 0 ? t("timesheet.filters.all") : undefined}
              data={projectOptions}
              value={filters.projects}
              onChange={(value) => setFilters((current) => ({ ...current, projects: value }))}
              searchable
              clearable
              hidePickedOptions
            />
            {canReadCustomers && (
              <MultiSelect
                label={t("timesheet.filters.customers")}
                placeholder={filters.customers.length === 0 ? t("timesheet.filters.all") : undefined}
                data={customerOptions}
                value={filters.customers}
                onChange={(value) => setFilters((current) => ({ ...current, customers: value }))}
                searchable
                clearable
                hidePickedOptions
              />
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
      {content}
    </ListPage>
  );
}
