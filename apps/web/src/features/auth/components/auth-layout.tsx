import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { LanguageMenu } from "../../../components/language-menu";
import { Logo } from "../../../components/logo";
import classes from "./auth-layout.module.css";

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
        <LanguageMenu />
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
