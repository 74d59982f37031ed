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
  isUnitBlocked,
  matchesUserFilter,
  type OrganizationUser,
  occupiesSeat,
  type PlanConfigEntry,
  type UserStatusFilter,
  userStatusFilters,
} from "@timetrap/domain";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { HiddenLabelTh } from "../../../components/hidden-label-th";
import { PageHeader } from "../../../components/page-header";
import { EmptyListState, LoadErrorState, LoadingState } from "../../../components/query-states";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useOrganizationUsers } from "../api/get-organization-users";
import { InviteUserModal } from "./invite-user-modal";
import { UserAvatar } from "./user-avatar";
import { UserStatusBadge } from "./user-status-badge";

/** Spec part 2 §9: search and filter wait this long after the last keystroke. */
const searchDebounceMs = 300;

/** Why the plan does not allow another invitation, or null when it does. */
function invitationBlock(
  config: readonly PlanConfigEntry[] | null | undefined,
  users: readonly OrganizationUser[] | undefined,
): { limit: number | null } | null {
  const seats = users?.filter((user) => occupiesSeat(user.status)).length;
  if (!isUnitBlocked(config, "USER", seats)) return null;
  const entry = config?.find((e) => e.unitType === "USER");
  return { limit: entry?.enabled && entry.tierLimited ? entry.tierLimit : null };
}

export function UsersPage() {
  const { t } = useTranslation();
  const { orgId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const navigate = useNavigate();
  const users = useOrganizationUsers(orgId);
  const [status, setStatus] = useState<UserStatusFilter>(defaultUserStatusFilter);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, searchDebounceMs);
  const [inviting, setInviting] = useState(false);
  // Below the spec's 768 px desktop breakpoint the table gives way to a list that fits a phone.
  const narrow = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });
  const statusOptions = userStatusFilters.map((value) => ({ value, label: t(`users.filters.${value}`) }));

  const visible = useMemo(
    () => (users.data ?? []).filter((user) => matchesUserFilter(user, status, debouncedSearch)),
    [users.data, status, debouncedSearch],
  );

  const organization = me.organization?.uid === orgId ? me.organization : null;
  // Until the list arrives the seats are unknown and a limited plan keeps the button greyed.
  const block = invitationBlock(organization?.plan.config, users.data);
  const userPath = (userId: string) => `/organization/${orgId}/users/${userId}`;

  let content: ReactNode;
  if (users.isPending) {
    content = <LoadingState />;
  } else if (users.isError) {
    content = <LoadErrorState error={users.error} onRetry={() => void users.refetch()} />;
  } else if (visible.length === 0) {
    content = (
      <EmptyListState
        icon={IconUsers}
        title={users.data.length === 0 ? t("users.emptyTitle") : t("users.noMatchTitle")}
        description={users.data.length === 0 ? undefined : t("users.noMatchDescription")}
      />
    );
  } else if (narrow) {
    content = (
      <Stack gap={0}>
        {visible.map((user) => (
          <UnstyledButton
            key={user.uid}
            component={Link}
            to={userPath(user.uid)}
            py="sm"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <UserAvatar user={user} size={40} />
              <Box miw={0} flex={1}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {user.nominative}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {user.email}
                </Text>
                <Group gap="xs" mt={6}>
                  <UserStatusBadge status={user.status} />
                  <Text size="sm">{user.role?.name ?? t("users.noRole")}</Text>
                </Group>
              </Box>
            </Group>
          </UnstyledButton>
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((user) => (
              <Table.Tr key={user.uid} style={{ cursor: "pointer" }} onClick={() => navigate(userPath(user.uid))}>
                <Table.Td>
                  <UserAvatar user={user} size={36} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={userPath(user.uid)}
                    fw={600}
                    c="inherit"
                    onClick={(event) => event.stopPropagation()}
                  >
                    {user.nominative}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>{user.role?.name ?? t("users.noRole")}</Table.Td>
                <Table.Td>
                  <UserStatusBadge status={user.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Box maw={1100} mx="auto">
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
    </Box>
  );
}
