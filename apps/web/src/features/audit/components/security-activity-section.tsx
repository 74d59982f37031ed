import { Box, Button, Divider, Group, Stack, Text } from "@mantine/core";
import dayjs from "dayjs";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { ProfileSection } from "../../../components/profile-section";
import { LoadErrorState, LoadingState } from "../../../components/query-states";
import { displayDateFormat } from "../../../lib/display-date";
import { useSecurityEvents } from "../api/get-security-events";
import { useAuditTexts } from "./audit-texts";

const whenFormat = `${displayDateFormat} HH:mm`;

/**
 * The profile's "Security activity" (issue 18): the person's own sign-ins, failures, sign-outs and changes to how they
 * sign in, newest first, with where each came from; placed by the profile route, so that neither feature imports the
 * other.
 */
export function SecurityActivitySection() {
  const { t } = useTranslation();
  const texts = useAuditTexts();
  const events = useSecurityEvents();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ProfileSection
      id="security-activity-title"
      title={t("screens.profile.securityActivity.title")}
      description={t("screens.profile.securityActivity.description")}
    >
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <LoadErrorState
          error={events.error}
          title={t("screens.profile.securityActivity.loadError")}
          onRetry={() => void events.refetch()}
        />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("screens.profile.securityActivity.empty")}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((event, index) => (
            <Fragment key={event.id}>
              {index > 0 && <Divider />}
              <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start" data-testid="security-event">
                <Box style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {texts.kind(event.kind)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {texts.device(event.device)} · {event.ip || "—"}
                  </Text>
                </Box>
                <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                  {dayjs(event.at).format(whenFormat)}
                </Text>
              </Group>
            </Fragment>
          ))}
          {events.hasNextPage && (
            <Group justify="center" mt="xs">
              <Button
                variant="default"
                size="xs"
                onClick={() => void events.fetchNextPage()}
                loading={events.isFetchingNextPage}
              >
                {t("screens.profile.securityActivity.loadMore")}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </ProfileSection>
  );
}
