import { Box, Button, Center, Menu, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { languages } from "@timetrap/domain";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { languageNames } from "../../../components/language-select";
import { Logo } from "../../../components/logo";
import { currentLanguage } from "../../../lib/i18n";
import classes from "./auth-layout.module.css";

function AuthLanguageMenu() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} />}
          aria-label={t("common.language")}
        >
          {languageNames[active]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => void i18n.changeLanguage(language)}
            rightSection={language === active ? <IconCheck size={16} /> : null}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The frame of the signed-out screens: a centred card. With `brandTitle` the product name is the
 * page title (the login screen); otherwise the wordmark sits above the screen's own title.
 */
export function AuthLayout({
  title,
  brandTitle = false,
  subtitle,
  children,
  footer,
}: {
  title?: string;
  brandTitle?: boolean;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box className={classes.page}>
      <Box className={classes.topBar}>
        <AuthLanguageMenu />
      </Box>
      <Box className={classes.center}>
        <Stack className={classes.card} gap="lg">
          <Paper withBorder shadow="md" radius="lg" p={{ base: "lg", sm: 36 }}>
            {brandTitle ? (
              <Center>
                <Title order={1}>
                  <Logo size="lg" />
                </Title>
              </Center>
            ) : (
              <>
                <Center mb="lg">
                  <Logo />
                </Center>
                <Title order={1} fz={24} ta="center">
                  {title}
                </Title>
              </>
            )}
            {subtitle && (
              <Text c="dimmed" size="sm" ta="center" mt={6} style={{ textWrap: "balance" }}>
                {subtitle}
              </Text>
            )}
            <Box mt="xl">{children}</Box>
          </Paper>
          {footer && (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
