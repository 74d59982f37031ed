import { Badge, Box, Button, Divider, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconLogout } from "@tabler/icons-react";
import type { Device, Session } from "@timetrap/domain";
import dayjs from "dayjs";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { openConfirmation } from "../../../components/confirm-action";
import { ProfileSection } from "../../../components/profile-section";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { displayDateFormat } from "../../../lib/display-date";
import { mutationToasts } from "../../../lib/notify";
import { useEndOtherSessions } from "../api/end-other-sessions";
import { useEndSession } from "../api/end-session";
import { useSessions } from "../api/get-sessions";

const lastSeenFormat = `${displayDateFormat} HH:mm`;

function DeviceIcon({ device }: { device: Device }) {
  if (device.os === "iPhone" || device.os === "Android") return <IconDeviceMobile size={20} />;
  if (device.os === "iPad") return <IconDeviceTablet size={20} />;
  return <IconDeviceDesktop size={20} />;
}

/** "Chrome on Windows" in the reader's language; the names of browsers and systems are the same in every one. */
function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, os }: Device): string => {
    if (browser && os) return t("screens.profile.sessions.device", { browser, os });
    return browser ?? os ?? t("screens.profile.sessions.unknownDevice");
  };
}

/**
 * Where the person is signed in (decision 009): each session with its device, address and last use, this browser's
 * marked; any other can be signed out, or all of them at once after a confirmation.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const deviceName = useDeviceName();
  const others = sessions.data?.filter((session) => !session.current) ?? [];

  const signOutOthers = () =>
    openConfirmation({
      title: t("screens.profile.sessions.confirmOthersTitle"),
      message: t("screens.profile.sessions.confirmOthersMessage"),
      confirmLabel: t("screens.profile.sessions.signOutOthers"),
      destructive: true,
      onConfirm: () => endOthers.mutate(undefined, mutationToasts(t("screens.profile.sessions.endedOthers"))),
    });

  const signOut = (session: Session) =>
    endSession.mutate(
      { sessionId: session.id },
      mutationToasts(t("screens.profile.sessions.ended", { device: deviceName(session.device) })),
    );

  return (
    <ProfileSection
      id="sessions-title"
      title={t("screens.profile.sessions.title")}
      description={t("screens.profile.sessions.description")}
    >
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <LoadErrorState
          error={sessions.error}
          title={t("screens.profile.sessions.loadError")}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <Stack gap="md">
          {sessions.data.map((session, index) => (
            <Fragment key={session.id}>
              {index > 0 && <Divider />}
              <Group wrap="nowrap" gap="md" data-testid="session-row">
                <ThemeIcon
                  variant="light"
                  color={session.current ? "indigo" : "gray"}
                  size={40}
                  radius="md"
                  visibleFrom="sm"
                >
                  <DeviceIcon device={session.device} />
                </ThemeIcon>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {deviceName(session.device)}
                    </Text>
                    {session.current && (
                      <Badge variant="light" color="indigo" size="sm">
                        {t("screens.profile.sessions.thisDevice")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {session.ip || "—"} ·{" "}
                    <span style={{ whiteSpace: "nowrap" }}>
                      {t("screens.profile.sessions.lastSeen", {
                        date: dayjs(session.last_seen_at).format(lastSeenFormat),
                      })}
                    </span>
                  </Text>
                </Box>
                {!session.current && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    loading={endSession.isPending && endSession.variables?.sessionId === session.id}
                    onClick={() => signOut(session)}
                    aria-label={t("screens.profile.sessions.signOutDevice", { device: deviceName(session.device) })}
                  >
                    {t("screens.profile.sessions.signOut")}
                  </Button>
                )}
              </Group>
            </Fragment>
          ))}
          <Divider />
          {others.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("screens.profile.sessions.noOthers")}
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button
                variant="light"
                color="red"
                leftSection={<IconLogout size={18} />}
                loading={endOthers.isPending}
                onClick={signOutOthers}
              >
                {t("screens.profile.sessions.signOutOthers")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </ProfileSection>
  );
}
