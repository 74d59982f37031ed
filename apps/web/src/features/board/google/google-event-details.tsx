import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { IconArrowLeft, IconCalendarOff, IconMapPin } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { GoogleEvent, GoogleEventPatch } from "@timetrap/domain";
import { type FormEvent, useCallback, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { googleCalendarKeys, useDeleteGoogleEvent, usePatchGoogleEvent } from "../../../api/google-calendar";
import { useConfirmAction } from "../../../components/confirm-action";
import { EmptyListState } from "../../../components/query-states";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";
import styles from "./google.module.css";
import { descriptionText, eventWhen, fromInputValue, toInputValue } from "./google-event-text";
import { googleEventKey } from "./google-events";

/**
 * The Google event the board drew under `key` (google-events.ts), from the events the board has asked for; it follows
 * them, so an event changed or deleted in Google shows as it now is.
 */
function useShownGoogleEvent(key: string): GoogleEvent | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const find = () => {
    for (const [, events] of queryClient.getQueriesData<GoogleEvent[]>({ queryKey: googleCalendarKeys.events })) {
      const found = events?.find((event) => googleEventKey(event) === key);
      if (found) return found;
    }
    return null;
  };
  return useSyncExternalStore(subscribe, find);
}

/**
 * A Google event's details in the side panel (decision 029), where the board's own events open their form: its
 * title, times, calendar, place and description, the link to it in Google, and its changes, sent to Google (the title
 * and, for an event with hours, its times) or its deletion, asked first. Each tells how it went.
 */
export function GoogleEventDetails({
  eventKey,
  calendarName,
  onClose,
}: {
  eventKey: string;
  /** The name of the event's calendar, when the panel knows it. */
  calendarName: (calendarId: string) => string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const event = useShownGoogleEvent(eventKey);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteGoogleEvent();
  const confirm = useConfirmAction();

  const back = (
    <Button variant="subtle" size="compact-sm" onClick={onClose}>
      {t("googleCalendar.details.back")}
    </Button>
  );
  if (!event) {
    return (
      <EmptyListState
        icon={IconCalendarOff}
        title={t("googleCalendar.details.missing")}
        description={t("googleCalendar.details.missingDescription")}
        action={back}
      />
    );
  }

  const title = event.summary || t("googleCalendar.details.untitled");
  const calendar = calendarName(event.calendar_id);
  const description = event.description ? descriptionText(event.description) : "";
  const onDelete = () =>
    confirm({
      title: t("googleCalendar.details.deleteTitle"),
      message: t("googleCalendar.details.deleteMessage", { title }),
      confirmLabel: t("googleCalendar.details.delete"),
      successMessage: t("googleCalendar.details.deleted"),
      run: async () => {
        await remove.mutateAsync({ calendarId: event.calendar_id, eventId: event.id });
        onClose();
      },
    });

  return (
    <Stack gap="sm" aria-label={t("googleCalendar.details.label", { title })} role="region">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Tooltip label={t("googleCalendar.details.back")}>
          <ActionIcon variant="subtle" aria-label={t("googleCalendar.details.back")} onClick={onClose}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
      </Group>
      {editing ? (
        <GoogleEventForm event={event} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Text size="sm">{eventWhen(event, i18n.language)}</Text>
          {calendar && (
            <Text size="sm" c="dimmed">
              {t("googleCalendar.details.calendar", { name: calendar })}
            </Text>
          )}
          {event.location && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconMapPin size={16} aria-label={t("googleCalendar.details.location")} style={{ flex: "none" }} />
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {event.location}
              </Text>
            </Group>
          )}
          {description && (
            <Text size="sm" className={styles.description}>
              {description}
            </Text>
          )}
          {event.html_link && (
            <Anchor href={event.html_link} target="_blank" rel="noopener noreferrer" size="sm">
              {t("googleCalendar.details.open")}
            </Anchor>
          )}
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              {t("googleCalendar.details.edit")}
            </Button>
            <Button size="xs" variant="light" color="red" loading={remove.isPending} onClick={onDelete}>
              {t("googleCalendar.details.delete")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** The title and, for an event with hours, its start and end: the fields sent to Google that changed. */
function GoogleEventForm({ event, onDone }: { event: GoogleEvent; onDone: () => void }) {
  const { t } = useTranslation();
  const patch = usePatchGoogleEvent();
  const [summary, setSummary] = useState(event.summary);
  const [start, setStart] = useState(() => toInputValue(event.start_time));
  const [end, setEnd] = useState(() => toInputValue(event.end_time));
  const startTime = fromInputValue(start);
  const endTime = fromInputValue(end);
  const timesError =
    event.all_day || (startTime !== null && endTime !== null && endTime > startTime)
      ? null
      : t("googleCalendar.details.endAfterStart");

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (timesError || startTime === null || endTime === null) return;
    const data: GoogleEventPatch = {};
    if (summary.trim() !== event.summary) data.summary = summary.trim();
    if (!event.all_day && (startTime !== event.start_time || endTime !== event.end_time)) {
      data.start_time = startTime;
      data.end_time = endTime;
    }
    if (Object.keys(data).length === 0) {
      onDone();
      return;
    }
    patch.mutate(
      { calendarId: event.calendar_id, eventId: event.id, data },
      {
        onSuccess: () => {
          notifySuccess({ message: t("googleCalendar.details.saved") });
          onDone();
        },
        onError: notifyRequestError,
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput
          label={t("googleCalendar.details.title")}
          value={summary}
          onChange={(e) => setSummary(e.currentTarget.value)}
          maxLength={1024}
          data-autofocus
        />
        {event.all_day ? (
          <Text size="xs" c="dimmed">
            {t("googleCalendar.details.allDayTimes")}
          </Text>
        ) : (
          <>
            <TextInput
              type="datetime-local"
              label={t("googleCalendar.details.start")}
              value={start}
              onChange={(e) => setStart(e.currentTarget.value)}
              required
            />
            <TextInput
              type="datetime-local"
              label={t("googleCalendar.details.end")}
              value={end}
              onChange={(e) => setEnd(e.currentTarget.value)}
              error={timesError}
              required
            />
          </>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={patch.isPending} disabled={timesError !== null}>
            {t("common.save")}
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone} disabled={patch.isPending}>
            {t("common.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
