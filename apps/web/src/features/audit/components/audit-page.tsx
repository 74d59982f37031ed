import { Alert, Box, Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconDownload, IconListSearch, IconLock } from "@tabler/icons-react";
import {
  type AuditEvent,
  type AuditKind,
  addDays,
  auditKindsByGroup,
  auditQuerySchema,
  longestAuditDays,
  todayIn,
} from "@timetrap/domain";
import dayjs from "dayjs";
import { Fragment, type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { DateField } from "../../../components/date-field";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { TableCard } from "../../../components/table-card";
import { displayDateFormat } from "../../../lib/display-date";
import { notifyRequestError } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useDownloadAuditCsv } from "../api/download-audit-csv";
import { type AuditRequest, useAuditLog } from "../api/get-audit-log";
import { AuditEventChanges } from "./audit-event-changes";
import { useAuditTexts } from "./audit-texts";

const whenFormat = `${displayDateFormat} HH:mm:ss`;
/** The period the page opens on: the last month, today included. */
const defaultDays = 30;

function AuditRow({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const [open, setOpen] = useState(false);
  const hasValues = event.before !== null || event.after !== null;
  const when = dayjs(event.at).format(whenFormat);
  const what = texts.kind(event.kind);
  const detailsId = `audit-details-${event.id}`;
  const targetType = texts.targetType(event.target.type);
  return (
    <Fragment>
      <Table.Tr data-testid="audit-row">
        <Table.Td style={{ whiteSpace: "nowrap" }}>{when}</Table.Td>
        <Table.Td c={event.actor_name ? undefined : "dimmed"}>{event.actor_name ?? t("audit.notSignedIn")}</Table.Td>
        <Table.Td fw={500}>{what}</Table.Td>
        <Table.Td>
          {targetType && (
            <Text span size="xs" c="dimmed" mr={4}>
              {targetType}
            </Text>
          )}
          {texts.target(event.target)}
        </Table.Td>
        <Table.Td style={{ whiteSpace: "nowrap" }}>{event.ip || "—"}</Table.Td>
        <Table.Td>{texts.device(event.device)}</Table.Td>
        <Table.Td ta="right">
          {hasValues && (
            <Button
              variant="subtle"
              size="xs"
              rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={t("audit.detailsOf", { what, when })}
              onClick={() => setOpen((value) => !value)}
            >
              {t("audit.details")}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {hasValues && (
        <Table.Tr id={detailsId} hidden={!open}>
          <Table.Td colSpan={7} bg="gray.0">
            <Box py={4} px="xs">
              <AuditEventChanges event={event} />
            </Box>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}

/** Issue 18: /organization/{orgId}/audit, the organization's audit log, for `edit organization`. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const { orgId = "" } = useParams();
  const can = useCan();
  const texts = useAuditTexts();
  const [to, setTo] = useState<string | null>(() => todayIn());
  const [from, setFrom] = useState<string | null>(() => addDays(todayIn(), -(defaultDays - 1)));
  const [kinds, setKinds] = useState<string[]>([]);
  const [people, setPeople] = useState<string[]>([]);
  const users = useActiveOrganizationUsers(orgId, { enabled: can("edit", "organization") });
  const download = useDownloadAuditCsv();

  const parsed = auditQuerySchema.safeParse({ start_date: from, end_date: to, kind: kinds, user_id: people });
  const request: AuditRequest | null = parsed.success
    ? {
        start_date: parsed.data.start_date,
        end_date: parsed.data.end_date,
        kind: parsed.data.kind,
        user_id: parsed.data.user_id,
      }
    : null;
  const periodError =
    from && to && !parsed.success
      ? to < from
        ? t("audit.validation.endBeforeStart")
        : t("audit.validation.tooLong", { days: longestAuditDays })
      : null;
  const log = useAuditLog(orgId, can("edit", "organization") ? request : null);

  const collator = useMemo(() => new Intl.Collator(i18n.language, { sensitivity: "base" }), [i18n.language]);
  const userOptions = (users.data ?? [])
    .map((user) => ({ value: user.uid, label: user.nominative }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const kindOptions = auditKindsByGroup().map(({ group, kinds: list }) => ({
    group: texts.group(group),
    items: list.map((kind: AuditKind) => ({ value: kind, label: texts.kind(kind) })),
  }));

  if (!can("edit", "organization")) {
    return (
      <ListPage>
        <PageHeader title={t("audit.title")} />
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {t("audit.noAccess")}
        </Alert>
      </ListPage>
    );
  }

  const events = log.data?.pages.flatMap((page) => page.items) ?? [];
  let content: ReactNode;
  if (!request) {
    content = null;
  } else if (log.isPending) {
    content = <LoadingState />;
  } else if (log.isError) {
    content = <LoadErrorState title={t("audit.loadError")} error={log.error} onRetry={() => void log.refetch()} />;
  } else if (events.length === 0) {
    content = (
      <EmptyListState
        framed
        icon={IconListSearch}
        title={t("audit.empty.title")}
        description={t("audit.empty.description")}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <TableCard minWidth={980}>
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("audit.columns.when")}</Table.Th>
                <Table.Th>{t("audit.columns.who")}</Table.Th>
                <Table.Th>{t("audit.columns.what")}</Table.Th>
                <Table.Th>{t("audit.columns.target")}</Table.Th>
                <Table.Th>{t("audit.columns.address")}</Table.Th>
                <Table.Th>{t("audit.columns.device")}</Table.Th>
                <Table.Th ta="right">{t("audit.columns.details")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <AuditRow key={event.id} event={event} />
              ))}
            </Table.Tbody>
          </Table>
        </TableCard>
        {log.hasNextPage && (
          <Group justify="center">
            <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
              {t("audit.loadMore")}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("audit.title")}
        description={t("audit.description")}
        action={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              request && download.mutate({ organizationId: orgId, request }, { onError: notifyRequestError })
            }
            loading={download.isPending}
            disabled={!request || !log.isSuccess || events.length === 0}
          >
            {t("audit.export")}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p="md" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <DateField label={t("audit.filters.from")} value={from} onChange={setFrom} maxDate={to ?? undefined} />
          <DateField
            label={t("audit.filters.to")}
            value={to}
            onChange={setTo}
            minDate={from ?? undefined}
            maxDate={from ? addDays(from, longestAuditDays - 1) : undefined}
            error={periodError}
          />
          <MultiSelect
            label={t("audit.filters.people")}
            placeholder={people.length === 0 ? t("audit.filters.all") : undefined}
            data={userOptions}
            value={people}
            onChange={setPeople}
            searchable
            clearable
            hidePickedOptions
          />
          <MultiSelect
            label={t("audit.filters.kinds")}
            placeholder={kinds.length === 0 ? t("audit.filters.all") : undefined}
            data={kindOptions}
            value={kinds}
            onChange={setKinds}
            searchable
            clearable
            hidePickedOptions
          />
        </SimpleGrid>
      </Paper>
      {content}
    </ListPage>
  );
}
