import { Box, Button, Group, Paper, Text, Title } from "@mantine/core";
import { IconDoorExit } from "@tabler/icons-react";
import type { User } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useConfirmAction } from "../../../components/confirm-action";
import { useLeaveOrganization } from "../api/leave-organization";

/**
 * Leaving the organization, with a confirmation. The last administrator cannot leave (the server answers 409 with
 * the reason, shown as it is): someone must keep the rights on roles and users.
 */
export function LeaveOrganizationSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const leave = useLeaveOrganization();
  const confirmAction = useConfirmAction();
  const organization = user.organization;
  if (!organization) return null;

  const ask = () =>
    confirmAction({
      title: t("leaveOrganization.confirmTitle", { organization: organization.name }),
      message: t("leaveOrganization.confirmMessage", { organization: organization.name }),
      confirmLabel: t("leaveOrganization.confirm"),
      run: () => leave.mutateAsync({ userId: user.uid, organizationId: organization.uid }),
      successMessage: t("leaveOrganization.left", { organization: organization.name }),
    });

  return (
    <Paper withBorder radius="lg" p="xl" mt="lg">
      <Group justify="space-between" align="center" gap="md">
        <Box maw={480}>
          <Title order={2} fz={16}>
            {t("leaveOrganization.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t("leaveOrganization.description", { organization: organization.name })}
          </Text>
        </Box>
        <Button
          variant="light"
          color="red"
          leftSection={<IconDoorExit size={18} />}
          loading={leave.isPending}
          onClick={ask}
        >
          {t("leaveOrganization.action", { organization: organization.name })}
        </Button>
      </Group>
    </Paper>
  );
}
