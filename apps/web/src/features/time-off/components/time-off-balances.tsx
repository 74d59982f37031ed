import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Popover,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconCheck, IconPencil } from "@tabler/icons-react";
import type { TimeOffBalanceEntry } from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { mutationToasts } from "../../../lib/notify";
import { useSetTimeOffAllowance, useTimeOffBalances } from "../api/time-off";
import { formatDays } from "../lib/time-off-text";

/** `edit team` changes a person's allowance of a kind for the year, where it differs from the kind's. */
function AllowanceEditor({
  organizationId,
  userId,
  year,
  balance,
}: {
  organizationId: string;
  userId: string;
  year: number;
  balance: TimeOffBalanceEntry;
}) {
  const { t } = useTranslation();
  const save = useSetTimeOffAllowance(organizationId);
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState<number | string>(balance.allowance_days);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof days !== "number") return;
    save.mutate(
      { userId, kindId: balance.kind_id, year, days },
      mutationToasts(t("timeOff.balances.allowanceSaved"), () => setOpened(false)),
    );
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t("timeOff.balances.editAllowance", { kind: balance.name })}
          onClick={() => setOpened((current) => !current)}
        >
          <IconPencil size={14} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={submit} noValidate>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t("timeOff.balances.allowanceFor", { year })}
              value={days}
              onChange={setDays}
              min={0}
              max={366}
              step={0.5}
              decimalScale={1}
              decimalSeparator={t("timeOff.decimalSeparator")}
              w={150}
              data-autofocus
            />
            <ActionIcon type="submit" size="lg" loading={save.isPending} aria-label={t("common.save")}>
              <IconCheck size={18} />
            </ActionIcon>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Each kind that keeps an allowance: what the year allows, what was used, what is planned, what remains. */
export function TimeOffBalances({
  organizationId,
  userId,
  year,
  canEdit,
}: {
  organizationId: string;
  userId: string;
  year: number;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const balances = useTimeOffBalances(organizationId, userId, year);
  const days = (value: number) => formatDays(value, i18n.language);

  if (balances.isPending) return <LoadingState />;
  if (balances.isError)
    return (
      <LoadErrorState
        title={t("timeOff.balances.loadError")}
        error={balances.error}
        onRetry={() => void balances.refetch()}
      />
    );
  if (balances.data.length === 0) return null;

  return (
    <section aria-labelledby="time-off-balances-title">
      <Title order={2} fz={18} mb="sm" id="time-off-balances-title">
        {t("timeOff.balances.title", { year })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {balances.data.map((balance) => {
          const allowance = Math.max(balance.allowance_days, 0.0001);
          const usedShare = Math.min(100, (balance.used_days / allowance) * 100);
          const plannedShare = Math.min(100 - usedShare, (balance.planned_days / allowance) * 100);
          return (
            <Paper key={balance.kind_id} withBorder radius="lg" p="md" data-testid="time-off-balance">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={8} wrap="nowrap">
                    <span
                      aria-hidden
                      style={{ width: 10, height: 10, borderRadius: 999, background: balance.color, flex: "none" }}
                    />
                    <Text fw={600}>{balance.name}</Text>
                  </Group>
                  {canEdit && (
                    <AllowanceEditor organizationId={organizationId} userId={userId} year={year} balance={balance} />
                  )}
                </Group>
                <Text size="xl" fw={700} c={balance.remaining_days < 0 ? "red.8" : undefined}>
                  {t("timeOff.balances.remaining", { days: days(balance.remaining_days) })}
                </Text>
                <Progress.Root size="md" aria-hidden>
                  <Progress.Section value={usedShare} color={balance.color} />
                  <Progress.Section value={plannedShare} color={balance.color} style={{ opacity: 0.45 }} />
                </Progress.Root>
                <Text size="sm" c="dimmed">
                  {t("timeOff.balances.figures", {
                    allowance: days(balance.allowance_days),
                    used: days(balance.used_days),
                    planned: days(balance.planned_days),
                  })}
                </Text>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
