import { Anchor, Box, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Language } from "@timetrap/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { currentLanguage } from "../lib/i18n";
import classes from "./document-page.module.css";
import { LanguageMenu } from "./language-menu";
import { Logo } from "./logo";
import { MarkdownView } from "./markdown-view";

function formatDay(isoDate: string, language: Language): string {
  // Noon, so no time zone moves the day across midnight.
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(`${isoDate}T12:00:00`));
}

function DocumentLinks() {
  const { t } = useTranslation();
  const links = [
    { to: "/legal/terms", label: t("pages.documents.terms") },
    { to: "/legal/privacy", label: t("pages.documents.privacy") },
    { to: "/help", label: t("pages.documents.help") },
  ];
  return (
    <nav aria-label={t("pages.documents.links")} className={classes.footerLinks}>
      {links.map((link) => (
        <Anchor key={link.to} component={NavLink} to={link.to} size="sm" c="dimmed" className={classes.footerLink}>
          {link.label}
        </Anchor>
      ))}
    </nav>
  );
}

/**
 * A public document (terms, privacy, help) in a reading layout: reachable signed in or out, so it
 * needs nothing from the session. `sources` holds the markdown in each language; `updatedOn`
 * (YYYY-MM-DD) is shown under the title.
 */
export function DocumentPage({
  title,
  sources,
  updatedOn,
}: {
  title: string;
  sources: Record<Language, string>;
  updatedOn?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();

  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Timetrap`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <Box className={classes.page}>
      <header className={classes.header}>
        <div className={`${classes.column} ${classes.headerInner}`}>
          <Anchor component={Link} to="/" className={classes.home} underline="never">
            <Logo />
          </Anchor>
          <LanguageMenu />
        </div>
      </header>
      <main className={`${classes.column} ${classes.main}`}>
        <Anchor component={Link} to="/" size="sm" fw={500} className={classes.back}>
          <IconArrowLeft size={16} />
          {t("pages.documents.backToApp")}
        </Anchor>
        <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.2} mt="lg" style={{ letterSpacing: "-0.5px" }}>
          {title}
        </Title>
        {updatedOn && (
          <Text size="sm" c="dimmed" mt={8}>
            {t("pages.documents.lastUpdated", { date: formatDay(updatedOn, language) })}
          </Text>
        )}
        <Box mt="xl">
          <MarkdownView source={sources[language]} variant="page" />
        </Box>
      </main>
      <footer className={classes.footer}>
        <div className={classes.column}>
          <DocumentLinks />
        </div>
      </footer>
    </Box>
  );
}
