import { Alert, Button, CopyButton, Group, Stack, Switch, Text, Textarea } from "@mantine/core";
import { IconCheck, IconClipboard, IconRefresh } from "@tabler/icons-react";
import type { CalendarFeed } from "@timetrap/domain";
import dayjs from "dayjs";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useCalendarFeed, useDisableCalendarFeed, useEnableCalendarFeed } from "../../../api/calendar-feed";
import { openConfirmation } from "../../../components/confirm-action";
import { ProfileSection } from "../../../components/profile-section";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { displayDateFormat } from "../../../lib/display-date";
import { mutationToasts } from "../../../lib/notify";

/**
 * The address whole, over as many lines as it takes (a phone shows a few dozen characters of a line): monospace, so
 * that its characters can be told apart, and broken anywhere, as it has no spaces.
 */
const addressField = {
  input: {
    fontFamily: "var(--mantine-font-family-monospace)",
    fontSize: "var(--mantine-font-size-xs)",
    wordBreak: "break-all",
  },
} as const;

/** The address with its copy button, when and how it was made, and a way to make a new one. */
function FeedAddress({
  feed,
  onRegenerate,
  regenerating,
}: {
  feed: CalendarFeed;
  onRegenerate: () => void;
  regenerating: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {feed.url ? (
        <Textarea
          autosize
          minRows={1}
          label={t("calendarFeed.address")}
          description={t("calendarFeed.addressDescription")}
          value={feed.url}
          readOnly
          styles={addressField}
          onFocus={(event) => event.currentTarget.select()}
          rightSectionWidth={44}
          rightSection={
            <CopyButton value={feed.url} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="subtle"
                  color={copied ? "teal" : "gray"}
                  size="compact-sm"
                  px={6}
                  onClick={copy}
                  aria-label={copied ? t("calendarFeed.copied") : t("calendarFeed.copy")}
                  title={copied ? t("calendarFeed.copied") : t("calendarFeed.copy")}
                >
                  {copied ? <IconCheck size={18} /> : <IconClipboard size={18} />}
                </Button>
              )}
            </CopyButton>
          }
        />
      ) : (
        <Alert color="yellow" variant="light">
          {t("calendarFeed.addressUnavailable")}
        </Alert>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {feed.created_at !== null && (
          <Text size="xs" c="dimmed">
            {t("calendarFeed.created", { date: dayjs(feed.created_at).format(displayDateFormat) })}
          </Text>
        )}
        <Button
          variant="light"
          size="xs"
          ml="auto"
          leftSection={<IconRefresh size={16} />}
          loading={regenerating}
          onClick={onRegenerate}
        >
          {t("calendarFeed.regenerate")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The person's private calendar feed (decision 029): a secret address that Google, Outlook or Apple calendars subscribe
 * to, showing their blocks. Turning it off, or making a new address, asks first: calendars subscribed to the old
 * address stop receiving the blocks.
 */
export function CalendarFeedSection({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const feed = useCalendarFeed(userId);
  const enable = useEnableCalendarFeed(userId);
  const disable = useDisableCalendarFeed(userId);
  const stateId = useId();

  const turnOn = () => enable.mutate(undefined, mutationToasts(t("calendarFeed.turnedOn")));
  const askTurnOff = () =>
    openConfirmation({
      title: t("calendarFeed.confirmOffTitle"),
      message: t("calendarFeed.confirmOffMessage"),
      confirmLabel: t("calendarFeed.confirmOff"),
      destructive: true,
      onConfirm: () => disable.mutate(undefined, mutationToasts(t("calendarFeed.turnedOff"))),
    });
  const askRegenerate = () =>
    openConfirmation({
      title: t("calendarFeed.confirmRegenerateTitle"),
      message: t("calendarFeed.confirmRegenerateMessage"),
      confirmLabel: t("calendarFeed.regenerate"),
      destructive: true,
      onConfirm: () => enable.mutate(undefined, mutationToasts(t("calendarFeed.regenerated"))),
    });

  return (
    <ProfileSection
      id="calendar-feed-title"
      title={t("calendarFeed.title")}
      description={t("calendarFeed.description")}
    >
      {feed.isPending ? (
        <LoadingState />
      ) : feed.isError ? (
        <LoadErrorState error={feed.error} title={t("calendarFeed.loadError")} onRetry={() => void feed.refetch()} />
      ) : (
        <Stack gap="lg">
          {/* The state's words stand apart from the switch: inside its label they would become part of its name. */}
          <div>
            <Switch
              checked={feed.data.enabled}
              disabled={enable.isPending || disable.isPending}
              onChange={(event) => (event.currentTarget.checked ? turnOn() : askTurnOff())}
              label={t("calendarFeed.toggle")}
              aria-describedby={stateId}
            />
            {/* Under the label: the switch's track and the gap after it. */}
            <Text id={stateId} size="xs" c="dimmed" mt={4} pl={50}>
              {feed.data.enabled ? t("calendarFeed.onDescription") : t("calendarFeed.offDescription")}
            </Text>
          </div>
          {feed.data.enabled && (
            <FeedAddress feed={feed.data} onRegenerate={askRegenerate} regenerating={enable.isPending} />
          )}
        </Stack>
      )}
    </ProfileSection>
  );
}
