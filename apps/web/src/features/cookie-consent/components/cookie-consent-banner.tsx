import { Button, Flex, Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { IconCookie } from "@tabler/icons-react";
import type { User } from "@timetrap/domain";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateUser } from "../../../api/update-user";
import { readConsentCookie, writeConsentCookie } from "../consent-cookie";
import classes from "./cookie-consent-banner.module.css";

/**
 * Spec part 1 §2: accept or decline, saved on the user (cookie_consent) and in a 150-day cookie;
 * scrolling while the banner shows counts as accepting. Hidden once the user has answered.
 */
export function CookieConsentBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [answered, setAnswered] = useState(false);
  const saving = useRef(false);
  const { mutate } = updateUser;

  const decide = useCallback(
    (accepted: boolean) => {
      if (saving.current) return;
      saving.current = true;
      setAnswered(true);
      writeConsentCookie(accepted);
      mutate(
        { userId: user.uid, data: { cookie_consent: accepted } },
        { onError: (error) => console.error("Could not save the cookie choice", error) },
      );
    },
    [mutate, user.uid],
  );

  const needsAnswer = user.cookie_consent === null && !answered;

  // A choice already made on this device (the cookie) but not yet on the user is saved silently.
  useEffect(() => {
    if (!needsAnswer) return;
    const stored = readConsentCookie();
    if (stored !== null) decide(stored);
  }, [needsAnswer, decide]);

  const visible = needsAnswer && readConsentCookie() === null;

  useEffect(() => {
    if (!visible) return;
    const onScroll = () => decide(true);
    // Capture: the page may scroll inside a container rather than the window.
    window.addEventListener("scroll", onScroll, { capture: true, passive: true, once: true });
    return () => window.removeEventListener("scroll", onScroll, { capture: true });
  }, [visible, decide]);

  const banner = useRef<HTMLDivElement>(null);
  useReservedSpace(banner, visible);

  if (!visible) return null;

  return (
    <Paper
      ref={banner}
      className={classes.banner}
      withBorder
      shadow="lg"
      radius="lg"
      p="md"
      role="region"
      aria-label={t("components.cookieConsent.title")}
    >
      <Flex direction={{ base: "column", sm: "row" }} align={{ base: "stretch", sm: "center" }} gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" style={{ flex: 1 }}>
          <ThemeIcon variant="light" color="orange" size={40} radius="md">
            <IconCookie size={22} />
          </ThemeIcon>
          <div style={{ flex: 1 }}>
            <Text fw={600} size="sm">
              {t("components.cookieConsent.title")}
            </Text>
            <Text size="sm" c="dimmed" mt={2}>
              {t("components.cookieConsent.message")}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button variant="default" onClick={() => decide(false)}>
            {t("components.cookieConsent.decline")}
          </Button>
          <Button onClick={() => decide(true)}>{t("components.cookieConsent.accept")}</Button>
        </Group>
      </Flex>
    </Paper>
  );
}

/**
 * While the banner shows, the page keeps room for it at the bottom (`--cookie-banner-space`): full-height screens (the
 * board, the team plan) end above it and the others scroll their last rows out from under it.
 */
function useReservedSpace(banner: RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const reserve = () => {
      const fromBottom = window.innerHeight - element.getBoundingClientRect().top;
      root.style.setProperty("--cookie-banner-space", `${Math.ceil(fromBottom)}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    window.addEventListener("resize", reserve);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", reserve);
      root.style.removeProperty("--cookie-banner-space");
    };
  }, [banner, shown]);
}
