import { Badge, Button, ColorSwatch, Group, Table, Text } from "@mantine/core";
import { IconBeach } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { TimeOff, TimeOffKind } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { canBeCancelled, formatDays, timeOffAmount, timeOffDates, timeOffStatusColors } from "../lib/time-off-text";
import type { DecisionTarget } from "./time-off-decision-modal";

export interface TimeOffTableProps {
  query: UseQueryResult<TimeOff[]>;
  kinds: TimeOffKind[];
  /** Members' names by id, where the reader may see them. */
  names: Map<string, string>;
  showPerson: boolean;
  meId: string;
  /** `edit team`: approve, reject and cancel anyone's. */
  canDecide: boolean;
  onDecide: (timeOff: TimeOff, status: DecisionTarget["status"]) => void;
  emptyTitle: string;
  emptyDescription: string;
}

/** What a time off takes, in words: "3 days", "Half day (morning)", "2 h". */
export function useAmountText() {
  const { t, i18n } = useTranslation();
  return (timeOff: TimeOff) => {
    const amount = timeOffAmount(timeOff);
    if (amount.kind === "halfDay") return t(`timeOff.amount.${amount.half}`);
    if (amount.kind === "hours") return t("timeOff.amount.hours", { hours: formatDays(amount.hours, i18n.language) });
    return amount.days === 1 ? t("timeOff.amount.oneDay") : t("timeOff.amount.days", { count: amount.days });
  };
}

/** A list of time off with its state and what the reader may do with each. */
export function TimeOffTable({
  query,
  kinds,
  names,
  showPerson,
  meId,
  canDecide,
  onDecide,
  emptyTitle,
  emptyDescription,
}: TimeOffTableProps) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const kindsById = new Map(kinds.map((kind) => [kind.id, kind]));

  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <LoadErrorState title={t("timeOff.loadError")} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return <EmptyListState framed icon={IconBeach} title={emptyTitle} description={emptyDescription} />;

  return (
    <TableCard minWidth={showPerson ? 860 : 720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {showPerson && <Table.Th>{t("timeOff.columns.person")}</Table.Th>}
            <Table.Th>{t("timeOff.columns.kind")}</Table.Th>
            <Table.Th>{t("timeOff.columns.dates")}</Table.Th>
            <Table.Th>{t("timeOff.columns.amount")}</Table.Th>
            <Table.Th>{t("timeOff.columns.status")}</Table.Th>
            <Table.Th>{t("timeOff.columns.note")}</Table.Th>
            <HiddenLabelTh label={t("timeOff.columns.actions")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((timeOff) => {
            const kind = kindsById.get(timeOff.kind_id);
            const dates = timeOffDates(timeOff);
            const mayCancel = canBeCancelled(timeOff.status) && (timeOff.user_id === meId || canDecide);
            const mayDecide = canDecide && timeOff.status === "requested";
            const note = [timeOff.note, timeOff.decision_note].filter(Boolean).join(" · ");
            return (
              <Table.Tr key={timeOff.id} data-testid="time-off-row">
                {showPerson && <Table.Td>{names.get(timeOff.user_id) ?? "—"}</Table.Td>}
                <Table.Td>
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={kind?.color ?? "gray"} size={12} withShadow={false} aria-hidden />
                    <Text size="sm">{kind?.name ?? "—"}</Text>
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{dates}</Table.Td>
                <Table.Td>{amountText(timeOff)}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={timeOffStatusColors[timeOff.status]}
                    radius="sm"
                    // Whole in a narrow column: the table gives the notes and the actions the room instead.
                    style={{ minWidth: "max-content" }}
                  >
                    {t(`timeOff.status.${timeOff.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" c={note ? undefined : "dimmed"} lineClamp={2}>
                    {note || "—"}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {mayDecide && (
                      <>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="teal"
                          aria-label={t("timeOff.approveLabel", { dates })}
                          onClick={() => onDecide(timeOff, "approved")}
                        >
                          {t("timeOff.approve")}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={t("timeOff.rejectLabel", { dates })}
                          onClick={() => onDecide(timeOff, "rejected")}
                        >
                          {t("timeOff.reject")}
                        </Button>
                      </>
                    )}
                    {mayCancel && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="gray"
                        aria-label={t("timeOff.cancelLabel", { dates })}
                        onClick={() => onDecide(timeOff, "cancelled")}
                      >
                        {t("timeOff.cancel")}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
