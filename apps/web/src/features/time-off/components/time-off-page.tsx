import { Button, Group, Select, Stack, Tabs, Title } from "@mantine/core";
import { IconBeach, IconPlus, IconUserPlus } from "@tabler/icons-react";
import { type TimeOff, type TimeOffStatus, timeOffStatuses } from "@timetrap/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useActiveOrganizationUsers } from "../../../api/get-organization-users";
import { useTimeOffKinds } from "../../../api/time-off-kinds";
import { ListPage, PageHeader } from "../../../components/page-header";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useTimeOff } from "../api/time-off";
import { yearRange } from "../lib/time-off-text";
import { TimeOffBalances } from "./time-off-balances";
import { type DecisionTarget, TimeOffDecisionModal } from "./time-off-decision-modal";
import { TimeOffRequestModal } from "./time-off-request-modal";
import { TimeOffTable } from "./time-off-table";

const allStatuses = "all";
type StatusFilter = TimeOffStatus | typeof allStatuses;

/** This year and the two around it: time off is asked for ahead, and looked back on at the year's end. */
function yearOptions(current: number): string[] {
  return [current - 1, current, current + 1].map(String);
}

/**
 * Decision 026's time off (/user/{userId}/time-off): a person's requests and balances, and for `edit team` the team's
 * requests to approve or reject, and time off recorded for someone (approved at once).
 */
export function TimeOffPage() {
  const { t } = useTranslation();
  const { userId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const organizationId = me.organization?.uid ?? "";
  const canReadTeam = can("read", "team");
  const canEditTeam = can("edit", "team");
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [tab, setTab] = useState<string | null>("mine");
  const [request, setRequest] = useState<{ opened: boolean; forSomeone: boolean }>({
    opened: false,
    forSomeone: false,
  });
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const [status, setStatus] = useState<StatusFilter>("requested");
  const [person, setPerson] = useState<string | null>(null);

  const kinds = useTimeOffKinds(organizationId);
  const users = useActiveOrganizationUsers(organizationId, { enabled: canReadTeam });
  const range = yearRange(year);
  const mine = useTimeOff(organizationId, { ...range, user_id: userId });
  const team = useTimeOff(
    organizationId,
    { ...range, ...(person ? { user_id: person } : {}), ...(status === allStatuses ? {} : { status }) },
    { enabled: canReadTeam && tab === "team" },
  );
  const names = useMemo(() => new Map((users.data ?? []).map((user) => [user.uid, user.nominative])), [users.data]);
  const isSelf = userId === me.uid;
  const ownerName = isSelf ? null : (names.get(userId) ?? null);

  const decide = (timeOff: TimeOff, next: DecisionTarget["status"]) => setDecision({ timeOff, status: next });

  // Beside the page's buttons, where it reads as what the whole page shows.
  const yearSelect = (
    <Select
      aria-label={t("timeOff.year")}
      data={yearOptions(thisYear)}
      value={String(year)}
      onChange={(value) => value && setYear(Number(value))}
      allowDeselect={false}
      w={100}
    />
  );

  const mineSection = (
    <Stack gap="lg">
      <TimeOffBalances organizationId={organizationId} userId={userId} year={year} canEdit={canEditTeam} />
      <Stack gap="sm">
        <Title order={2} fz={18}>
          {isSelf ? t("timeOff.mineTitle") : t("timeOff.personTitle", { name: ownerName ?? "" })}
        </Title>
        <TimeOffTable
          query={mine}
          kinds={kinds.data ?? []}
          names={names}
          showPerson={false}
          meId={me.uid}
          canDecide={canEditTeam}
          onDecide={decide}
          emptyTitle={t("timeOff.emptyMine", { year })}
          emptyDescription={t("timeOff.emptyMineDescription")}
        />
      </Stack>
    </Stack>
  );

  const teamSection = (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t("timeOff.filters.status")}
          data={[
            { value: allStatuses, label: t("timeOff.filters.allStatuses") },
            ...timeOffStatuses.map((value) => ({ value, label: t(`timeOff.status.${value}`) })),
          ]}
          value={status}
          onChange={(value) => setStatus((value as StatusFilter | null) ?? allStatuses)}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
        />
        <Select
          label={t("timeOff.filters.person")}
          placeholder={t("timeOff.filters.everyone")}
          data={(users.data ?? []).map((user) => ({ value: user.uid, label: user.nominative }))}
          value={person}
          onChange={setPerson}
          searchable
          clearable
          w={{ base: "100%", xs: 260 }}
        />
      </Group>
      <TimeOffTable
        query={team}
        kinds={kinds.data ?? []}
        names={names}
        showPerson
        meId={me.uid}
        canDecide={canEditTeam}
        onDecide={decide}
        emptyTitle={t("timeOff.emptyTeam")}
        emptyDescription={t("timeOff.emptyTeamDescription")}
      />
    </Stack>
  );

  return (
    <ListPage>
      <PageHeader
        title={t("timeOff.title")}
        description={t("timeOff.description")}
        action={
          <Group gap="sm">
            {yearSelect}
            {canEditTeam && (
              <Button
                variant="default"
                leftSection={<IconUserPlus size={16} />}
                onClick={() => setRequest({ opened: true, forSomeone: true })}
              >
                {t("timeOff.record")}
              </Button>
            )}
            {isSelf && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setRequest({ opened: true, forSomeone: false })}
              >
                {t("timeOff.request")}
              </Button>
            )}
          </Group>
        }
      />
      {canReadTeam ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="mine" leftSection={<IconBeach size={16} />}>
              {isSelf ? t("timeOff.tabs.mine") : (ownerName ?? t("timeOff.tabs.person"))}
            </Tabs.Tab>
            <Tabs.Tab value="team">{t("timeOff.tabs.team")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="mine">{mineSection}</Tabs.Panel>
          <Tabs.Panel value="team">{teamSection}</Tabs.Panel>
        </Tabs>
      ) : (
        mineSection
      )}
      <TimeOffRequestModal
        organizationId={organizationId}
        opened={request.opened}
        forSomeone={request.forSomeone}
        userId={request.forSomeone ? null : me.uid}
        kinds={kinds.data ?? []}
        users={users.data ?? []}
        onClose={() => setRequest((current) => ({ ...current, opened: false }))}
      />
      <TimeOffDecisionModal
        organizationId={organizationId}
        target={decision}
        kinds={kinds.data ?? []}
        names={names}
        onClose={() => setDecision(null)}
      />
    </ListPage>
  );
}
