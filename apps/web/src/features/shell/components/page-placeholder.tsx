import { Button, EmptyState, Paper, Title } from "@mantine/core";
import { IconHourglassHigh, IconMapOff, IconShieldLock } from "@tabler/icons-react";
import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "../../../components/page-header";

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ListPage>
      <Title order={1} fz={26} mb="lg">
        {title}
      </Title>
      <Paper withBorder radius="lg" py={72} px="xl" bg="var(--mantine-color-body)">
        {children}
      </Paper>
    </ListPage>
  );
}

/** A page of the shell that a later version fills: its title and a short note, never a blank page. */
export function ComingSoonPage({ title }: { title: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(title)}>
      <EmptyState
        variant="light"
        size="lg"
        icon={<IconHourglassHigh size={30} stroke={1.6} />}
        title={t("pages.comingSoon.title")}
        description={t("pages.comingSoon.description")}
      />
    </PageFrame>
  );
}

export function NotFoundPage({ homePath }: { homePath: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t("pages.notFound.heading")}>
      <EmptyState
        size="lg"
        withIndicatorBackground
        icon={<IconMapOff size={30} stroke={1.6} />}
        title={t("pages.notFound.title")}
        description={t("pages.notFound.description")}
      >
        <EmptyState.Actions>
          <Button component={Link} to={homePath} variant="light">
            {t("pages.notFound.backHome")}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </PageFrame>
  );
}

/** Spec part 1 §6: everything in the shell needs a user with a role. */
export function NoRolePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t("pages.noRole.heading")}>
      <EmptyState
        size="lg"
        withIndicatorBackground
        icon={<IconShieldLock size={30} stroke={1.6} />}
        title={t("pages.noRole.title")}
        description={t("pages.noRole.description")}
      />
    </PageFrame>
  );
}
