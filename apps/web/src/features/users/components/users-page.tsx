import {
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import {
  defaultUserStatusFilter,
  type Invitation,
  isUnitBlocked,
  matchesUserFilter,
  type OrganizationUser,
  type PlanConfigEntry,
  seatsTaken,
  type UserStatus,
  type UserStatusFilter,
  userStatusFilters,
} from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { ListPage, PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useInvitations } from "../api/get-invitations";
import { useOrganizationUsers } from "../api/get-organization-users";
import { InvitationActions } from "./invitation-actions";
import { InvitationStatus, isInvitationExpired } from "./invitation-status";
import { InviteUserModal } from "./invite-user-modal";
import { TwoFactorBadge } from "./two-factor-badge";
import { UserAvatar } from "./user-avatar";
import { UserStatusBadge } from "./user-status-badge";

/** Spec part 2 §9: search and filter wait this long after the last keystroke. */
const searchDebounceMs = 300;

/** A row of the list: a member of the organization, or an invitation not answered yet (status "invited"). */
type UserRow =
  | { kind: "member"; key: string; nominative: string; email: string; status: UserStatus; member: OrganizationUser }
  | { kind: "invitation"; key: string; nominative: string; email: string; status: "invited"; invitation: Invitation };

function memberRow(member: OrganizationUser): UserRow {
  const { nominative, email, status } = member;
  return { kind: "member", key: `member-${member.uid}`, nominative, email, status, member };
}

function invitationRow(invitation: Invitation): UserRow {
  const { nominative, email } = invitation;
  return { kind: "invitation", key: `invitation-${invitation.uid}`, nominative, email, status: "invited", invitation };
}

/** Why the plan does not allow another invitation, or null when it does. */
function invitationBlock(
  config: readonly PlanConfigEntry[] | null | undefined,
  members: readonly OrganizationUser[] | undefined,
  invitations: readonly Invitation[] | undefined,
  now: number,
): { limit: number | null } | null {
  // An expired invitation no longer holds its seat; the list holds only invitations not answered yet.
  const seats =
    members &&
    invitations &&
    seatsTaken(
      members.map((member) => member.status),
      invitations
        .filter((invitation) => !isInvitationExpired(invitation, now))
        .map((invitation) => ({ status: "pending" as const, expires_at: invitation.expires_at })),
      now,
    );
  if (!isUnitBlocked(config, "USER", seats)) return null;
  const entry = config?.find((e) => e.unitType === "USER");
  return { limit: entry?.enabled && entry.tierLimited ? entry.tierLimit : null };
}

function RoleName({ row }: { row: UserRow }) {
  const { t } = useTranslation();
  const role = row.kind === "member" ? row.member.role : row.invitation.role;
  return <>{role?.name ?? t("users.noRole")}</>;
}

function RowStatus({ row, now }: { row: UserRow; now: number }) {
  return row.kind === "member" ? (
    <UserStatusBadge status={row.member.status} />
  ) : (
    <InvitationStatus invitation={row.invitation} now={now} />
  );
}

/** A row of the phone list; a member's opens their details, an invitation has none (not a user yet). */
function NarrowRow({
  row,
  now,
  href,
  actions,
}: {
  row: UserRow;
  now: number;
  href: string | null;
  actions: ReactNode;
}) {
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <UserAvatar user={row.kind === "member" ? row.member : { ...row, image_url: null }} size={40} />
      <Box miw={0} flex={1}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {row.nominative}
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {row.email}
        </Text>
        <Group gap="xs" mt={6} preventGrowOverflow={false}>
          <RowStatus row={row} now={now} />
          {row.kind === "member" && row.member.two_factor && <TwoFactorBadge enabled named />}
          <Text size="sm">
            <RoleName row={row} />
          </Text>
        </Group>
        {actions && (
          <Box mt="xs" ml={-8} style={{ display: "flex" }}>
            {actions}
          </Box>
        )}
      </Box>
    </Group>
  );
  const style = { borderTop: "1px solid var(--mantine-color-default-border)" };
  return href ? (
    <UnstyledButton component={Link} to={href} py="sm" style={style}>
      {body}
    </UnstyledButton>
  ) : (
    <Box py="sm" style={style}>
      {body}
    </Box>
  );
}

export function UsersPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const navigate = useNavigate();
  const users = useOrganizationUsers(orgId);
  // Invitations are the organization's business (right `read user`); colleagues see the members only.
  const canReadInvitations = can("read", "user");
  const canManageInvitations = can("create", "user");
  const invitations = useInvitations(orgId, { enabled: canReadInvitations });
  const [status, setStatus] = useState<UserStatusFilter>(defaultUserStatusFilter);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, searchDebounceMs);
  const [inviting, setInviting] = useState(false);
  // Below the spec's 768 px desktop breakpoint the table gives way to a list that fits a phone.
  const narrow = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  const statusOptions = userStatusFilters.map((value) => ({ value, label: t(`users.filters.${value}`) }));
  const now = Date.now();

  const rows = useMemo(
    () => [...(users.data ?? []).map(memberRow), ...(invitations.data ?? []).map(invitationRow)],
    [users.data, invitations.data],
  );
  const visible = useMemo(
    () => rows.filter((row) => matchesUserFilter(row, status, debouncedSearch)),
    [rows, status, debouncedSearch],
  );
  const withActions = canManageInvitations && visible.some((row) => row.kind === "invitation");

  const organization = me.organization?.uid === orgId ? me.organization : null;
  // Until both lists arrive the seats are unknown and a limited plan keeps the button greyed.
  const block = invitationBlock(organization?.plan.config, users.data, canReadInvitations ? invitations.data : [], now);
  const userPath = (userId: string) => `/organization/${orgId}/users/${userId}`;
  const failed = users.isError ? users : invitations.isError ? invitations : null;

  let content: ReactNode;
  if (users.isPending || (canReadInvitations && invitations.isPending)) {
    content = <LoadingState />;
  } else if (failed) {
    content = <LoadErrorState error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (visible.length === 0) {
    content = (
      <EmptyListState
        icon={IconUsers}
        title={rows.length === 0 ? t("users.emptyTitle") : t("users.noMatchTitle")}
        description={rows.length === 0 ? undefined : t("users.noMatchDescription")}
      />
    );
  } else if (narrow) {
    content = (
      <Stack gap={0}>
        {visible.map((row) => (
          <NarrowRow
            key={row.key}
            row={row}
            now={now}
            href={row.kind === "member" ? userPath(row.member.uid) : null}
            actions={
              row.kind === "invitation" &&
              canManageInvitations && <InvitationActions organizationId={orgId} invitation={row.invitation} />
            }
          />
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={720} type="native">
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <HiddenLabelTh w={56} label={t("users.columns.avatar")} />
              <Table.Th>{t("users.columns.nominative")}</Table.Th>
              <Table.Th>{t("users.columns.email")}</Table.Th>
              <Table.Th>{t("users.columns.role")}</Table.Th>
              <Table.Th>{t("users.columns.status")}</Table.Th>
              <Table.Th>{t("twoFactor.users.column")}</Table.Th>
              {withActions && <HiddenLabelTh label={t("users.columns.actions")} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) =>
              row.kind === "member" ? (
                <Table.Tr
                  key={row.key}
                  style={{ cursor: "pointer" }}
                  onClick={() => navigate(userPath(row.member.uid))}
                >
                  <Table.Td>
                    <UserAvatar user={row.member} size={36} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={userPath(row.member.uid)}
                      fw={600}
                      c="inherit"
                      onClick={(event) => event.stopPropagation()}
                    >
                      {row.nominative}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RoleName row={row} />
                  </Table.Td>
                  <Table.Td>
                    <RowStatus row={row} now={now} />
                  </Table.Td>
                  <Table.Td>
                    <TwoFactorBadge enabled={row.member.two_factor} />
                  </Table.Td>
                  {withActions && <Table.Td />}
                </Table.Tr>
              ) : (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <UserAvatar user={{ ...row, image_url: null }} size={36} />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600}>{row.nominative}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RoleName row={row} />
                  </Table.Td>
                  <Table.Td>
                    <RowStatus row={row} now={now} />
                  </Table.Td>
                  {/* Not a user yet: no way of signing in to tell about. */}
                  <Table.Td />
                  {withActions && (
                    <Table.Td>
                      <InvitationActions organizationId={orgId} invitation={row.invitation} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <ListPage>
      <PageHeader
        title={t("users.title")}
        action={
          can("create", "user") && (
            <Tooltip
              disabled={!block}
              multiline
              maw={280}
              label={
                block?.limit != null
                  ? t("users.planLimitReached", { limit: block.limit })
                  : t("users.planExcludesUsers")
              }
            >
              {/* data-disabled instead of disabled: a disabled button gets no hover, so the tooltip could not say why. */}
              <Button
                leftSection={<IconUserPlus size={18} />}
                data-disabled={block ? true : undefined}
                aria-disabled={block ? true : undefined}
                onClick={(event) => {
                  if (block) event.preventDefault();
                  else setInviting(true);
                }}
              >
                {t("users.invite")}
              </Button>
            </Tooltip>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }} bg="var(--mantine-color-body)">
        <Group mb="md" gap="sm" align="flex-end">
          {narrow ? (
            <Select
              flex="1 1 140px"
              size="sm"
              aria-label={t("users.statusFilter")}
              value={status}
              onChange={(value) => value && setStatus(value as UserStatusFilter)}
              allowDeselect={false}
              data={statusOptions}
            />
          ) : (
            <SegmentedControl
              aria-label={t("users.statusFilter")}
              value={status}
              onChange={(value) => setStatus(value as UserStatusFilter)}
              data={statusOptions}
            />
          )}
          <TextInput
            flex="1 1 220px"
            size="sm"
            leftSection={<IconSearch size={16} />}
            placeholder={t("users.searchPlaceholder")}
            aria-label={t("users.search")}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </Group>
        {content}
      </Paper>
      {can("create", "user") && (
        <InviteUserModal organizationId={orgId} opened={inviting} onClose={() => setInviting(false)} />
      )}
    </ListPage>
  );
}
