import { ActionIcon, Checkbox, Group, Loader, Stack, Text, Tooltip } from "@mantine/core";
import { IconCalendarOff, IconRefresh } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type GoogleCalendar, type User, withPreferenceDefaults } from "@timetrap/domain";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { googleCalendarKeys, useGoogleCalendars } from "../../../api/google-calendar";
import { useUpdateUser } from "../../../api/update-user";
import { EmptyListState, LoadingState } from "../../../components/query-states";
import { notifyRequestError } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import styles from "./google.module.css";
import { GoogleEventDetails } from "./google-event-details";
import { GoogleProblemState } from "./google-problem";
import { googleTexts } from "./google-texts";

/** The primary calendar first, then the others by name, as Google's own list shows them. */
export function sortCalendars(calendars: readonly GoogleCalendar[], language: string): GoogleCalendar[] {
  const collator = new Intl.Collator(language, { sensitivity: "base" });
  return [...calendars].sort((a, b) => Number(b.primary) - Number(a.primary) || collator.compare(a.summary, b.summary));
}

/**
 * The calendars kept in `preferences.gcalendars` once `calendar` is ticked or not: every listed calendar with its name
 * as Google has it now, so that one removed from Google is no longer asked for.
 */
export function tickedCalendars(
  calendars: readonly GoogleCalendar[],
  enabled: ReadonlySet<string>,
  change: { id: string; enabled: boolean },
): { id: string; summary: string; enabled: boolean }[] {
  return calendars.map((calendar) => ({
    id: calendar.id,
    summary: calendar.summary,
    enabled: calendar.id === change.id ? change.enabled : enabled.has(calendar.id),
  }));
}

/**
 * Spec part 1 §2 "Side panel", source gcalendar: the signed-in person's Google calendars, a checkbox each in the
 * calendar's colour (kept in their preferences: the board draws the ticked ones' events), a refresh button and a
 * loading state; or why they cannot be listed, with the way out. A Google event clicked on the board opens here
 * (`gevent` in the address).
 */
export function GoogleCalendarSource({ userId }: { userId: string }) {
  const { user: me } = useSession();
  return me ? <Calendars me={me} userId={userId} /> : <LoadingState />;
}

function Calendars({ me, userId }: { me: User; userId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const eventKey = searchParams.get("gevent");
  const calendars = useGoogleCalendars();
  const updateUser = useUpdateUser();

  const sorted = useMemo(() => sortCalendars(calendars.data ?? [], i18n.language), [calendars.data, i18n.language]);
  // While a tick is being saved, the boxes show it already.
  const saving = updateUser.isPending ? updateUser.variables?.data.preferences?.gcalendars : undefined;
  const kept = saving ?? withPreferenceDefaults(me.preferences).gcalendars;
  const enabled = new Set(kept.filter((calendar) => calendar.enabled).map((calendar) => calendar.id));

  const refresh = () => {
    void calendars.refetch();
    void queryClient.invalidateQueries({ queryKey: googleCalendarKeys.events });
  };
  const tick = (id: string, checked: boolean) =>
    updateUser.mutate(
      {
        userId: me.uid,
        data: { preferences: { gcalendars: tickedCalendars(sorted, enabled, { id, enabled: checked }) } },
      },
      { onError: notifyRequestError },
    );
  const closeDetails = () =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.delete("gevent");
        return params;
      },
      { replace: true },
    );

  if (eventKey) {
    return (
      <GoogleEventDetails
        key={eventKey}
        eventKey={eventKey}
        calendarName={(id) => calendars.data?.find((calendar) => calendar.id === id)?.summary ?? null}
        onClose={closeDetails}
      />
    );
  }

  let list: ReactNode;
  if (calendars.isPending) {
    list = <LoadingState />;
  } else if (calendars.isError) {
    list = <GoogleProblemState error={calendars.error} onRetry={refresh} />;
  } else if (sorted.length === 0) {
    list = <EmptyListState icon={IconCalendarOff} title={t("googleCalendar.panel.empty")} />;
  } else {
    list = (
      <ul className={styles.calendars} aria-label={t("googleCalendar.panel.list")}>
        {sorted.map((calendar) => (
          <li key={calendar.id}>
            <Checkbox
              color={calendar.background_color}
              iconColor={calendar.foreground_color}
              checked={enabled.has(calendar.id)}
              onChange={(e) => tick(calendar.id, e.currentTarget.checked)}
              label={
                calendar.primary ? t("googleCalendar.panel.primary", { name: calendar.summary }) : calendar.summary
              }
              styles={{ input: { borderColor: calendar.background_color } }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t("googleCalendar.panel.calendars")}
        </Text>
        <Group gap={6} wrap="nowrap">
          {(calendars.isFetching || updateUser.isPending) && !calendars.isPending && (
            <Loader size="xs" aria-label={t("googleCalendar.panel.loading")} />
          )}
          <Tooltip label={t("googleCalendar.panel.refresh")}>
            <ActionIcon
              variant="default"
              aria-label={t("googleCalendar.panel.refresh")}
              onClick={refresh}
              disabled={calendars.isFetching}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {userId !== me.uid && (
        <Text size="xs" c="dimmed">
          {t("googleCalendar.panel.ownBoardOnly")}
        </Text>
      )}
      {list}
    </Stack>
  );
}

/** The source once its texts have come (the side panel fetches both when the source is first chosen). */
export const loadGoogleCalendarSource = () => googleTexts().then(() => GoogleCalendarSource);
