import { Alert, Group, Stack, Tabs, Title } from "@mantine/core";
import { IconAlertTriangle, IconUser, IconUsersGroup } from "@tabler/icons-react";
import {
  activityHours,
  addDays,
  isCalendarDate,
  isUnitBlocked,
  mondayOf,
  planName,
  type ReportPeriodQuery,
  startOfCalendarDay,
  timeZoneOfPreferences,
  todayIn,
} from "@timetrap/domain";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import type { EventRange } from "../../../api/time-blocking";
import { ListPage } from "../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { lazyComponent } from "../../../lib/lazy-component";
import { useDecimalFormat } from "../../../lib/number-format";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useUserReport } from "../api/get-user-report";
import { DailyChart } from "./daily-chart";
import { TotalsRow } from "./report-rings";
import { TeamTab } from "./team-tab";
import { UnassignedEntries } from "./unassigned-entries";
import { WeekNavigator } from "./week-navigator";

// The timesheet's state comes after the week's figures, with its code (decision 026): the dashboard's first load
// stays what it was.
const TimesheetPeriodCard = lazyComponent(() =>
  import("./timesheet-period-card").then((module) => module.TimesheetPeriodCard),
);

function PersonalTab({
  userId,
  organizationId,
  period,
  range,
  timeZone,
}: {
  userId: string;
  organizationId: string;
  period: ReportPeriodQuery;
  range: EventRange;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const report = useUserReport(userId, period);
  const hours = useDecimalFormat(1);

  let figures: ReactNode;
  if (report.isPending) {
    figures = <LoadingState />;
  } else if (report.isError) {
    figures = (
      <LoadErrorState title={t("dashboard.loadError")} error={report.error} onRetry={() => void report.refetch()} />
    );
  } else {
    const { totals } = report.data;
    figures = (
      <>
        <TotalsRow totals={totals} />
        {totals.without_contract > 0 && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t("reportsCommon.withoutContract", { hours: hours(activityHours(totals.without_contract)) })}
          </Alert>
        )}
        <DailyChart days={report.data.report} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Suspense fallback={null}>
        <TimesheetPeriodCard userId={userId} day={period.start_date} />
      </Suspense>
      {figures}
      <UnassignedEntries userId={userId} organizationId={organizationId} range={range} timeZone={timeZone} />
    </Stack>
  );
}

/**
 * Spec part 1 §2 "Dashboard" (/user/{userId}/dashboard): a week navigator (this week by default) and the tabs
 * Personal and Team. The week and the tab are kept in the address, so a reload or a link shows the same.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  // The reports count days in the person's own zone; the week is theirs too.
  const timeZone = timeZoneOfPreferences(me.preferences);
  const thisMonday = mondayOf(todayIn(timeZone));
  const requestedWeek = searchParams.get("week");
  const monday = requestedWeek && isCalendarDate(requestedWeek) ? mondayOf(requestedWeek) : thisMonday;
  const period: ReportPeriodQuery = { start_date: monday, end_date: addDays(monday, 6) };
  const range: EventRange = {
    start: startOfCalendarDay(monday, timeZone),
    end: startOfCalendarDay(addDays(monday, 7), timeZone),
  };
  const organizationId = me.organization?.uid ?? "";
  const plan = me.organization?.plan;
  // Spec part 1 §6: the team tab needs read on team; the plan decides what it shows.
  const canReadTeam = can("read", "team");
  const tab = canReadTeam && searchParams.get("tab") === "team" ? "team" : "personal";

  const setParam = (key: string, value: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const personal = (
    <PersonalTab userId={userId} organizationId={organizationId} period={period} range={range} timeZone={timeZone} />
  );

  return (
    <ListPage>
      <Group justify="space-between" align="center" mb="lg" gap="md">
        <Title order={1} fz={26}>
          {t("menu.dashboard")}
        </Title>
        <WeekNavigator
          monday={monday}
          thisMonday={thisMonday}
          onChange={(value) => setParam("week", value === thisMonday ? null : value)}
        />
      </Group>
      {canReadTeam ? (
        <Tabs value={tab} onChange={(value) => setParam("tab", value === "team" ? "team" : null)} keepMounted={false}>
          <Tabs.List aria-label={t("dashboard.tabs.label")} mb="lg">
            <Tabs.Tab value="personal" leftSection={<IconUser size={16} />}>
              {t("dashboard.tabs.personal")}
            </Tabs.Tab>
            <Tabs.Tab value="team" leftSection={<IconUsersGroup size={16} />}>
              {t("dashboard.tabs.team")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="personal">{personal}</Tabs.Panel>
          <Tabs.Panel value="team">
            <TeamTab
              period={period}
              organizationId={organizationId}
              planName={plan ? planName(plan, t) : ""}
              planBlocked={isUnitBlocked(plan?.config, "TEAM_DASHBOARD")}
            />
          </Tabs.Panel>
        </Tabs>
      ) : (
        personal
      )}
    </ListPage>
  );
}
