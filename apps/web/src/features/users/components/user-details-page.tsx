import {
  Box,
  Button,
  Divider,
  Group,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconMail, IconUserMinus } from "@tabler/icons-react";
import type { OrganizationUser } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useRoles } from "../../../api/get-roles";
import { useConfirmAction } from "../../../components/confirm-action";
import { BackLink, ListPage } from "../../../components/page-header";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { mutationToasts } from "../../../lib/notify";
import { useCan } from "../../../lib/permissions";
import { useSignedInUser } from "../../../lib/session";
import { useOrganizationUser } from "../api/get-organization-user";
import { useRemoveMember } from "../api/remove-member";
import { useUpdateMemberRole } from "../api/update-member-role";
import { useUpdateUserStatus } from "../api/update-user-status";
import { ContractsSection } from "./contracts-section";
import { HolidayGroupControl } from "./holiday-group-control";
import { UserAvatar } from "./user-avatar";
import { UserStatusBadge } from "./user-status-badge";

/** A control of the user details page, about one member; read-only without the right to edit users. */
interface MemberControlProps {
  organizationId: string;
  member: OrganizationUser;
  canEdit: boolean;
}

/** Active or inactive. */
function StatusControl({
  organizationId,
  member,
  disabled,
}: {
  organizationId: string;
  member: OrganizationUser;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const updateStatus = useUpdateUserStatus(organizationId);
  return (
    <Switch
      label={t("users.activeSwitch")}
      checked={member.status === "active"}
      disabled={disabled || updateStatus.isPending}
      onChange={(event) =>
        updateStatus.mutate(
          { userId: member.uid, status: event.currentTarget.checked ? "active" : "inactive" },
          mutationToasts(t("users.updated")),
        )
      }
    />
  );
}

function RoleControl({ organizationId, member, canEdit }: MemberControlProps) {
  const { t } = useTranslation();
  // Only someone who may change the role needs the other roles; the rest see the current one.
  const roles = useRoles(organizationId, { enabled: canEdit });
  const updateRole = useUpdateMemberRole();

  const options = (roles.data ?? (member.role ? [member.role] : [])).map((role) => ({
    value: role.uid,
    label: role.name,
  }));

  return (
    <Select
      label={t("users.role")}
      placeholder={t("users.noRole")}
      data={options}
      value={member.role?.uid ?? null}
      allowDeselect={false}
      disabled={!canEdit || roles.isPending || updateRole.isPending}
      error={canEdit && roles.isError ? t("inviteUserForm.rolesUnavailable") : null}
      onChange={(roleId) => {
        if (!roleId || roleId === member.role?.uid) return;
        updateRole.mutate(
          { organizationId, userId: member.uid, data: { role_id: roleId } },
          mutationToasts(t("users.updated")),
        );
      }}
    />
  );
}

/**
 * An admin takes someone out of the organization. What they did stays: their events, contracts and time remain in
 * the reports, under their name.
 */
function RemoveMemberSection({ organizationId, member }: { organizationId: string; member: OrganizationUser }) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  const confirmAction = useConfirmAction();
  const navigate = useNavigate();
  const me = useSignedInUser();
  const organizationName = me.organization?.name ?? "";

  const ask = () =>
    confirmAction({
      title: t("users.removeTitle", { name: member.nominative }),
      message: t("users.removeMessage", { name: member.nominative, organization: organizationName }),
      confirmLabel: t("users.removeConfirm"),
      run: async () => {
        await remove.mutateAsync({ organizationId, userId: member.uid });
        navigate(`/organization/${organizationId}/users`, { replace: true });
      },
      successMessage: t("users.removed", { name: member.nominative }),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} bg="var(--mantine-color-body)">
      {/* The button keeps its whole label: on a phone it goes under the text rather than being cut to half a row. */}
      <Group justify="space-between" align="center" gap="md" preventGrowOverflow={false}>
        <Box maw={620}>
          <Title order={2} fz={16}>
            {t("users.removeHeading")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("users.removeDescription")}
          </Text>
        </Box>
        <Button
          variant="light"
          color="red"
          leftSection={<IconUserMinus size={18} />}
          loading={remove.isPending}
          onClick={ask}
          // A label longer than a phone's row ("Rimuovi dall'organizzazione") goes on two lines instead of being cut.
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: "normal" } }}
        >
          {t("users.removeAction")}
        </Button>
      </Group>
    </Paper>
  );
}

export function UserDetailsPage() {
  const { t } = useTranslation();
  const { orgId = "", userId = "" } = useParams();
  const me = useSignedInUser();
  const can = useCan();
  const member = useOrganizationUser(orgId, userId);
  const isSelf = me.uid === userId;
  const canEditUser = can("edit", "user");
  const narrow = useMediaQuery("(max-width: 47.99em)", undefined, { getInitialValueInEffect: false });

  let content: ReactNode;
  if (member.isPending) {
    content = <LoadingState />;
  } else if (member.isError) {
    content = <LoadErrorState error={member.error} onRetry={() => void member.refetch()} />;
  } else {
    const user = member.data;
    content = (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} bg="var(--mantine-color-body)">
          <Group gap="md" wrap="nowrap" align="center">
            <UserAvatar user={user} size={narrow ? 48 : 72} radius={999} />
            <Box miw={0}>
              <Group gap="sm" align="center">
                <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: "anywhere" }}>
                  {user.nominative}
                </Title>
                <UserStatusBadge status={user.status} />
              </Group>
              <Group gap={6} c="dimmed" wrap="nowrap" mt={4}>
                <IconMail size={16} />
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {user.email}
                </Text>
              </Group>
            </Box>
          </Group>
          <Divider my="lg" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <RoleControl organizationId={orgId} member={user} canEdit={canEditUser} />
            <HolidayGroupControl organizationId={orgId} member={user} canEdit={can("edit", "organization")} />
            <Stack gap={8}>
              {/* The same label as the role selector's, on a div: the switch has its own label. */}
              <Input.Label size="md" labelElement="div">
                {t("users.statusLabel")}
              </Input.Label>
              {/* Nobody deactivates themself: they would lose the session they are using. */}
              <StatusControl organizationId={orgId} member={user} disabled={isSelf || !canEditUser} />
            </Stack>
          </SimpleGrid>
        </Paper>
        {(can("read", "user") || isSelf) && (
          <ContractsSection organizationId={orgId} userId={user.uid} canEdit={canEditUser} />
        )}
        {/* Leaving is the person's own choice, from their profile. */}
        {can("delete", "user") && !isSelf && <RemoveMemberSection organizationId={orgId} member={user} />}
      </Stack>
    );
  }

  return (
    <ListPage>
      <BackLink to={`/organization/${orgId}/users`}>{t("users.backToList")}</BackLink>
      {content}
    </ListPage>
  );
}
