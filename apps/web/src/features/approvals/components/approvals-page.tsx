import { ActionIcon, Avatar, Badge, Button, Group, Paper, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight, IconUsersGroup } from "@tabler/icons-react";
import {
  type ApprovalPeriod,
  activityHours,
  calendarDateIn,
  type Period,
  type TimesheetApprovalRow,
  type TimesheetPeriodStatus,
  timeZoneOfPreferences,
  todayIn,
} from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { formatDate } from "../../../lib/format";
import { useDecimalFormat } from "../../../lib/number-format";
import { useSignedInUser } from "../../../lib/session";
import { timesheetActionsFor } from "../../../lib/timesheet-actions";
import { useTimesheetApprovals } from "../api/get-timesheet-approvals";
import { nextPeriod, previousPeriod, shownPeriod } from "../lib/approval-period";
import { type EntriesTarget, PeriodEntriesDrawer } from "./period-entries-drawer";
import { type DecisionTarget, TimesheetDecisionModal } from "./timesheet-decision-modal";

export const statusColors: Record<TimesheetPeriodStatus, string> = {
  open: "gray",
  submitted: "blue",
  approved: "teal",
  rejected: "red",
};

/** The day of an instant, dd/MM/yyyy in `timeZone`. */
function dayOf(instant: number, timeZone: string): string {
  return formatDate(calendarDateIn(instant, timeZone));
}

function PeriodNavigator({
  period,
  kind,
  current,
  onChange,
}: {
  period: Period;
  kind: ApprovalPeriod;
  current: Period;
  onChange: (period: Period) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t(`approvals.period.previous.${kind}`)}
          onClick={() => onChange(previousPeriod(period, kind))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} size="sm" ta="center" aria-live="polite" style={{ whiteSpace: "nowrap" }}>
          {t("approvals.period.range", { from: formatDate(period.start), to: formatDate(period.end) })}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t(`approvals.period.next.${kind}`)}
          onClick={() => onChange(nextPeriod(period, kind))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Button variant="default" onClick={() => onChange(current)} disabled={period.start === current.start}>
        {t(`approvals.period.current.${kind}`)}
      </Button>
    </Group>
  );
}

function StatusCell({ row, timeZone }: { row: TimesheetApprovalRow; timeZone: string }) {
  const { t } = useTranslation();
  const when =
    row.status === "submitted" && row.submitted_at !== null
      ? t("approvals.submittedOn", { date: dayOf(row.submitted_at, timeZone) })
      : (row.status === "approved" || row.status === "rejected") && row.decided_at !== null
        ? t("approvals.decidedOn", { date: dayOf(row.decided_at, timeZone) })
        : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={statusColors[row.status]} tt="none">
        {t(`approvals.status.${row.status}`)}
      </Badge>
      {when && (
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      )}
      {row.note && row.status !== "open" && (
        <Text size="xs" maw={280} style={{ overflowWrap: "anywhere" }}>
          {t("approvals.note", { note: row.note })}
        </Text>
      )}
    </Stack>
  );
}

interface RowsProps {
  rows: TimesheetApprovalRow[];
  timeZone: string;
  onDecide: (target: DecisionTarget) => void;
  onShowEntries: (row: TimesheetApprovalRow) => void;
}

const decisionLabels = {
  approve: "approvals.approveLabel",
  reject: "approvals.rejectLabel",
  reopen: "approvals.reopenLabel",
} as const;
const decisionWords = { approve: "approvals.approve", reject: "approvals.reject", reopen: "approvals.reopen" } as const;

/** The approver's buttons for a row: approve and reject a submitted period, reopen an approved one. */
function RowActions({ row, onDecide }: { row: TimesheetApprovalRow; onDecide: RowsProps["onDecide"] }) {
  const { t } = useTranslation();
  const actions = timesheetActionsFor(row.status, "approver").filter(
    (action): action is DecisionTarget["decision"] => action in decisionLabels,
  );
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {actions.map((decision) => (
        <Button
          key={decision}
          size="xs"
          variant={decision === "approve" ? "filled" : "default"}
          aria-label={t(decisionLabels[decision], { name: row.nominative })}
          onClick={() => onDecide({ row, decision })}
        >
          {t(decisionWords[decision])}
        </Button>
      ))}
    </Group>
  );
}

/** The person, as the button that shows their entries of the period. */
function PersonButton({
  row,
  onShowEntries,
}: {
  row: TimesheetApprovalRow;
  onShowEntries: RowsProps["onShowEntries"];
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={() => onShowEntries(row)}
      aria-label={t("approvals.showEntries", { name: row.nominative })}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={row.image_url} name={row.nominative} color="initials" size={32} alt="" />
        <Text size="sm" fw={500} td="underline" style={{ textUnderlineOffset: 3 }}>
          {row.nominative}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

function useHours() {
  const { t } = useTranslation();
  const hours = useDecimalFormat(1);
  return {
    inHours: (seconds: number) => t("reportsCommon.hours", { value: hours(activityHours(seconds)) }),
    signed: (seconds: number) => {
      const value = activityHours(seconds);
      return t("reportsCommon.hours", { value: `${value > 0 ? "+" : ""}${hours(value)}` });
    },
  };
}

function ApprovalsTable({ rows, timeZone, onDecide, onShowEntries }: RowsProps) {
  const { t } = useTranslation();
  const { inHours, signed } = useHours();
  return (
    <TableCard minWidth={820}>
      <Table verticalSpacing="sm" horizontalSpacing="md" tabularNums highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("approvals.columns.person")}</Table.Th>
            <Table.Th>{t("approvals.columns.status")}</Table.Th>
            <Table.Th ta="right">{t("approvals.columns.logged")}</Table.Th>
            <Table.Th ta="right">{t("approvals.columns.capacity")}</Table.Th>
            <Table.Th ta="right">{t("approvals.columns.difference")}</Table.Th>
            <HiddenLabelTh w={220} label={t("approvals.columns.actions")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.user_id}>
              <Table.Td>
                <PersonButton row={row} onShowEntries={onShowEntries} />
              </Table.Td>
              <Table.Td>
                <StatusCell row={row} timeZone={timeZone} />
              </Table.Td>
              <Table.Td ta="right">{inHours(row.logged)}</Table.Td>
              <Table.Td ta="right">{inHours(row.capacity)}</Table.Td>
              <Table.Td ta="right" c={row.difference < 0 ? "red.8" : undefined}>
                {signed(row.difference)}
              </Table.Td>
              <Table.Td>
                <RowActions row={row} onDecide={onDecide} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

/** On a phone, one card per person: the table's six columns do not fit beside one another. */
function ApprovalsCards({ rows, timeZone, onDecide, onShowEntries }: RowsProps) {
  const { t } = useTranslation();
  const { inHours, signed } = useHours();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {rows.map((row) => (
        <Paper key={row.user_id} component="li" withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <PersonButton row={row} onShowEntries={onShowEntries} />
              <StatusCell row={row} timeZone={timeZone} />
            </Group>
            <Group gap="lg" style={{ fontVariantNumeric: "tabular-nums" }}>
              {(
                [
                  ["approvals.columns.logged", inHours(row.logged), undefined],
                  ["approvals.columns.capacity", inHours(row.capacity), undefined],
                  ["approvals.columns.difference", signed(row.difference), row.difference < 0 ? "red.8" : undefined],
                ] as const
              ).map(([label, value, color]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {t(label)}
                  </Text>
                  <Text size="sm" fw={600} c={color}>
                    {value}
                  </Text>
                </div>
              ))}
            </Group>
            <RowActions row={row} onDecide={onDecide} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Timesheet approvals (decision 026, `edit timesheet`): every active member's period with its state, hours logged,
 * capacity and difference; approve or reject a submitted one with a note, reopen an approved one with a reason, and
 * a click on a person shows the period's entries. The period is kept in the address.
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const me = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const timeZone = timeZoneOfPreferences(me.preferences);
  const kind = me.organization?.settings.approval_period ?? "week";
  const today = todayIn(timeZone);
  const current = shownPeriod(null, kind, today);
  const period = shownPeriod(searchParams.get("period"), kind, today);
  const approvals = useTimesheetApprovals(orgId, period.start);
  // Spec part 2 §9: the desktop layout from 768 px.
  const narrow = useMediaQuery("(max-width: 767px)", undefined, { getInitialValueInEffect: false }) ?? false;
  const Rows = narrow ? ApprovalsCards : ApprovalsTable;
  const [decision, setDecision] = useState<{ opened: boolean; target: DecisionTarget | null }>({
    opened: false,
    target: null,
  });
  const [entries, setEntries] = useState<{ opened: boolean; target: EntriesTarget | null }>({
    opened: false,
    target: null,
  });

  const changePeriod = (next: Period) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next.start === current.start) updated.delete("period");
        else updated.set("period", next.start);
        return updated;
      },
      { replace: true },
    );

  let content: ReactNode;
  if (approvals.isPending) {
    content = <LoadingState />;
  } else if (approvals.isError) {
    content = (
      <LoadErrorState
        title={t("approvals.loadError")}
        error={approvals.error}
        onRetry={() => void approvals.refetch()}
      />
    );
  } else if (approvals.data.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconUsersGroup}
        title={t("approvals.empty")}
        description={t("approvals.emptyDescription")}
      />
    );
  } else {
    content = (
      <Rows
        rows={approvals.data}
        timeZone={timeZone}
        onDecide={(target) => setDecision({ opened: true, target })}
        onShowEntries={(row) =>
          setEntries({
            opened: true,
            target: {
              userId: row.user_id,
              nominative: row.nominative,
              period: { start: row.period_start, end: row.period_end },
            },
          })
        }
      />
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("menu.approvals")}
        description={t("approvals.description")}
        action={<PeriodNavigator period={period} kind={kind} current={current} onChange={changePeriod} />}
      />
      <div aria-busy={approvals.isFetching}>{content}</div>
      <TimesheetDecisionModal
        orgId={orgId}
        opened={decision.opened}
        target={decision.target}
        onClose={() => setDecision((state) => ({ ...state, opened: false }))}
      />
      <PeriodEntriesDrawer
        target={entries.target}
        opened={entries.opened}
        timeZone={timeZone}
        onClose={() => setEntries((state) => ({ ...state, opened: false }))}
      />
    </ListPage>
  );
}
