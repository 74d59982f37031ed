import { Paper, Stack, Switch, Text, Title } from "@mantine/core";
import type { Organization } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import { useUpdateOrganization } from "../api/update-organization";

/**
 * Whether every member must sign in with a second factor (decision 018). Saved as soon as it is switched; a member
 * without one is sent to set it up at their next sign-in.
 */
export function RequireTwoFactorSection({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateOrganization();

  const toggle = (required: boolean) =>
    update.mutate(
      { orgId: organization.uid, data: { require_two_factor: required } },
      {
        onSuccess: () =>
          notifySuccess({
            message: required ? t("twoFactor.organization.turnedOn") : t("twoFactor.organization.turnedOff"),
          }),
        onError: notifyRequestError,
      },
    );

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "xl" }}
      mt="lg"
      component="section"
      aria-labelledby="require-2fa"
    >
      <Stack gap="sm">
        <Title order={2} fz={16} id="require-2fa">
          {t("twoFactor.organization.title")}
        </Title>
        <Switch
          checked={organization.require_two_factor}
          onChange={(event) => toggle(event.currentTarget.checked)}
          disabled={!canEdit || update.isPending}
          label={t("twoFactor.organization.label")}
          description={t("twoFactor.organization.description")}
        />
        {!canEdit && (
          <Text size="sm" c="dimmed">
            {t("twoFactor.organization.readOnly")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
