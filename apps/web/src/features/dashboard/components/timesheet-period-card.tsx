import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconLock } from "@tabler/icons-react";
import {
  type CalendarDate,
  calendarDateIn,
  periodOf,
  type TimesheetPeriod,
  type TimesheetPeriodStatus,
  timeZoneOfPreferences,
} from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeOwnTimesheetPeriod, useTimesheetPeriod } from "../../../api/timesheet-periods";
import { isApiError } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { timesheetActionsFor } from "../../../lib/timesheet-actions";

const statusColors: Record<TimesheetPeriodStatus, string> = {
  open: "gray",
  submitted: "blue",
  approved: "teal",
  rejected: "red",
};

function StatusText({ period, timeZone }: { period: TimesheetPeriod; timeZone: string }) {
  const { t } = useTranslation();
  const day = (instant: number | null) => (instant === null ? null : formatDate(calendarDateIn(instant, timeZone)));
  const submitted = day(period.submitted_at);
  const decided = day(period.decided_at);
  switch (period.status) {
    case "open":
      return t("periodLock.dashboard.open");
    case "submitted":
      return t("periodLock.dashboard.submitted", { date: submitted ?? "—" });
    case "approved":
      return t("periodLock.dashboard.approved", { date: decided ?? "—" });
    case "rejected":
      return decided ? t("periodLock.dashboard.rejected", { date: decided }) : t("periodLock.dashboard.rejectedNoDate");
  }
}

/**
 * The state of the timesheet period holding `day` (decision 026): open, submitted, approved or rejected with the
 * approver's note. The person submits it or withdraws it from here; someone reading another person's dashboard
 * (with read on timesheet) sees the state only.
 */
export function TimesheetPeriodCard({ userId, day }: { userId: string; day: CalendarDate }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const can = useCan();
  const own = userId === me.uid;
  const kind = me.organization?.settings.approval_period ?? "week";
  const bounds = periodOf(day, kind);
  const visible = own || can("read", "timesheet");
  const period = useTimesheetPeriod(userId, bounds.start, { enabled: visible && !!me.organization });
  const change = useChangeOwnTimesheetPeriod();
  const timeZone = timeZoneOfPreferences(me.preferences);

  if (!visible || !me.organization) return null;

  const heading = (
    <Group gap="xs" wrap="wrap">
      <Title order={2} fz={16} id="timesheet-period-title">
        {t("periodLock.dashboard.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("periodLock.dashboard.period", { from: formatDate(bounds.start), to: formatDate(bounds.end) })}
      </Text>
      {period.data && (
        <Badge
          variant="light"
          color={statusColors[period.data.status]}
          tt="none"
          leftSection={period.data.status === "approved" ? <IconLock size={12} /> : undefined}
        >
          {t(`approvals.status.${period.data.status}`)}
        </Badge>
      )}
    </Group>
  );

  let body: ReactNode;
  if (period.isPending) {
    body = <Skeleton height={20} width="60%" aria-label={t("common.loading")} />;
  } else if (period.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t("periodLock.dashboard.loadError")}
      >
        {isApiError(period.error) && period.error.status !== 0 && <div>{period.error.ErrorMessage}</div>}
        <Button variant="light" color="red" size="xs" mt="sm" onClick={() => void period.refetch()}>
          {t("queryState.retry")}
        </Button>
      </Alert>
    );
  } else {
    const steps = own ? timesheetActionsFor(period.data.status, "owner") : [];
    const run = (step: "submit" | "withdraw") =>
      change.mutate(
        { userId, periodStart: bounds.start, step },
        {
          onSuccess: () =>
            notifySuccess({
              message:
                step === "submit" ? t("periodLock.dashboard.submittedToast") : t("periodLock.dashboard.withdrawnToast"),
            }),
          onError: notifyRequestError,
        },
      );
    body = (
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} style={{ flex: "1 1 320px" }}>
          <Text size="sm">
            <StatusText period={period.data} timeZone={timeZone} />
          </Text>
          {period.data.note && period.data.status !== "open" && (
            <Text
              size="sm"
              c={period.data.status === "rejected" ? "red.8" : "dimmed"}
              style={{ overflowWrap: "anywhere" }}
            >
              {t("periodLock.dashboard.note", { note: period.data.note })}
            </Text>
          )}
        </Stack>
        {steps.length > 0 && (
          <Group gap="xs">
            {steps.includes("withdraw") && (
              <Button variant="default" onClick={() => run("withdraw")} loading={change.isPending}>
                {t("periodLock.dashboard.withdraw")}
              </Button>
            )}
            {steps.includes("submit") && (
              <Button onClick={() => run("submit")} loading={change.isPending}>
                {period.data.status === "rejected"
                  ? t("periodLock.dashboard.submitAgain")
                  : t("periodLock.dashboard.submit")}
              </Button>
            )}
          </Group>
        )}
      </Group>
    );
  }

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="timesheet-period-title">
      <Stack gap="sm">
        {heading}
        {body}
      </Stack>
    </Paper>
  );
}
