import { Avatar, Box, Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconBuilding, IconMail, IconShieldCheck } from "@tabler/icons-react";
import type { Language, User } from "@timetrap/domain";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateUser } from "../../../api/update-user";
import { LanguageSelect } from "../../../components/language-select";
import { FormPage } from "../../../components/page-header";
import { i18n } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { AccessTokensSection } from "./access-tokens-section";
import { CalendarFeedSection } from "./calendar-feed-section";
import { LeaveOrganizationSection } from "./leave-organization-section";
import { SessionsSection } from "./sessions-section";

function Detail({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box c="dimmed" mt={2}>
        {icon}
      </Box>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text size="sm">{value}</Text>
      </div>
    </Group>
  );
}

export function ProfilePage({
  user,
  security,
  passkeys,
  securityActivity,
}: {
  user: User;
  /** The sections other features draw, given by the route (features do not import one another): two-factor sign-in. */
  security?: ReactNode;
  passkeys?: ReactNode;
  /** The person's own security events. */
  securityActivity?: ReactNode;
}) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [language, setLanguage] = useState<Language>(user.language);
  const initial = user.nominative.trim().charAt(0).toUpperCase() || "?";

  const save = () => {
    updateUser.mutate(
      { userId: user.uid, data: { language } },
      {
        onSuccess: (updated) => {
          // Said in the new language, once its texts have come (each language is fetched when first needed).
          void i18n
            .changeLanguage(updated.language)
            .then(() => notifySuccess({ message: i18n.t("screens.profile.saved") }));
        },
        onError: (error) => {
          console.error(error);
          notifyError({ message: t("common.error") });
        },
      },
    );
  };

  return (
    <FormPage>
      <Title order={1} fz={26} mb="lg">
        {t("screens.profile.title")}
      </Title>
      <Paper withBorder radius="lg" p="xl">
        <Group gap="lg" wrap="nowrap">
          <Avatar size={72} radius={999} color="indigo" variant="filled" fz={28}>
            {initial}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fz={22} fw={700} truncate>
              {user.nominative}
            </Text>
            <Group gap={6} c="dimmed" wrap="nowrap">
              <IconMail size={16} />
              <Text size="sm" truncate>
                {user.email}
              </Text>
            </Group>
          </div>
        </Group>
        <Divider my="lg" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Detail
            icon={<IconShieldCheck size={18} />}
            label={t("screens.profile.role")}
            value={user.role?.name ?? t("screens.profile.noRole")}
          />
          <Detail
            icon={<IconBuilding size={18} />}
            label={t("screens.profile.organization")}
            value={user.organization?.name ?? t("screens.profile.noOrganization")}
          />
        </SimpleGrid>
        <Divider my="lg" />
        <Stack gap="md" maw={320}>
          <Title order={2} fz={16}>
            {t("screens.profile.preferences")}
          </Title>
          <LanguageSelect value={language} onChange={setLanguage} />
          <Group>
            <Button onClick={save} loading={updateUser.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {security}
      {passkeys}
      <SessionsSection />
      <AccessTokensSection />
      <CalendarFeedSection userId={user.uid} />
      {securityActivity}
      <LeaveOrganizationSection user={user} />
    </FormPage>
  );
}
