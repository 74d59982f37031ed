import { Anchor, Button, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import type { Language, User } from "@timetrap/domain";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useUpdateUser } from "../../../api/update-user";
import { LanguageSelect } from "../../../components/language-select";
import { currentLanguage, i18n } from "../../../lib/i18n";
import { notifyError } from "../../../lib/notify";

export function TermsStep({ user, termsUrl, privacyUrl }: { user: User; termsUrl?: string; privacyUrl?: string }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const accepted = terms && privacy;

  // mutateAsync: the saved user moves the dialog to the next step and unmounts this one, which would
  // drop callbacks given to mutate().
  const confirm = async () => {
    try {
      await updateUser.mutateAsync({
        userId: user.uid,
        data: { terms_of_use: accepted, privacy_policy: accepted, language },
      });
      await i18n.changeLanguage(language);
    } catch (error) {
      console.error(error);
      notifyError({ message: i18n.t("common.error") });
    }
  };

  const link = (href: string | undefined) => (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit fw={500} />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz={22}>
          {t("components.onboarding.welcome", { name: user.nominative })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t("components.onboarding.completeRegistration")}
        </Text>
      </div>
      <LanguageSelect value={language} onChange={setLanguage} comboboxProps={{ withinPortal: true }} />
      <Stack gap="sm">
        <Checkbox
          checked={terms}
          onChange={(event) => setTerms(event.currentTarget.checked)}
          label={<Trans i18nKey="components.onboarding.acceptTerms" components={{ doc: link(termsUrl) }} />}
        />
        <Checkbox
          checked={privacy}
          onChange={(event) => setPrivacy(event.currentTarget.checked)}
          label={<Trans i18nKey="components.onboarding.acceptPrivacy" components={{ doc: link(privacyUrl) }} />}
        />
      </Stack>
      <Group justify="flex-end">
        <Button onClick={() => void confirm()} disabled={!accepted} loading={updateUser.isPending}>
          {t("common.confirm")}
        </Button>
      </Group>
    </Stack>
  );
}
