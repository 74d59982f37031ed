import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPlayerStopFilled } from "@tabler/icons-react";
import { elapsedAfterTimer, formatDuration } from "@timetrap/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useStopTimer, useTimer } from "../../../api/timer";
import { alertError } from "../lib/alert-error";
import classes from "./timer-widget.module.css";
import { useNow } from "./use-now";

/**
 * Spec part 1 §2 "Shell and sidebar": while the signed-in person's timer runs, a floating widget at the bottom left
 * shows the time logged on the block (what it had before plus the seconds since the start, counting each second),
 * its title, and Done to stop it (§4 "Timer"; a failure is a browser alert, §8).
 */
export function TimerWidget({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const timer = useTimer(userId);
  const stopTimer = useStopTimer(userId);
  const running = timer.data ?? null;
  const now = useNow(1000, running !== null);
  useReservedSpace(running !== null);

  if (!running) return null;
  const elapsed = elapsedAfterTimer(running.event.elapsed_time, running.start_time, now);

  return (
    <Paper
      component="section"
      aria-label={t("timer.widget")}
      className={classes.widget}
      shadow="md"
      radius="md"
      withBorder
      px="md"
      py="xs"
    >
      <Group gap="md" wrap="nowrap">
        <span className={classes.pulse} aria-hidden />
        <Stack gap={0} miw={0}>
          <Text role="timer" aria-label={t("timer.elapsed")} fw={700} size="lg" className={classes.elapsed}>
            {formatDuration(elapsed)}
          </Text>
          {/* Mantine's dimmed grey is 3.3:1 on white; small text needs 4.5. */}
          <Text size="xs" c="gray.7" truncate title={running.event.title}>
            {running.event.title}
          </Text>
        </Stack>
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconPlayerStopFilled size={14} />}
          loading={stopTimer.isPending}
          title={t("timer.doneLabel", { title: running.event.title })}
          onClick={() => stopTimer.mutateAsync().catch(alertError)}
          style={{ flex: "none" }}
        >
          {t("timer.done")}
        </Button>
      </Group>
    </Paper>
  );
}

/** The room the widget takes at the bottom of the page; full-height screens (the board) end above it. */
const reservedSpace = "80px";

function useReservedSpace(shown: boolean) {
  useEffect(() => {
    if (!shown) return;
    const root = document.documentElement;
    root.style.setProperty("--timer-widget-space", reservedSpace);
    return () => {
      root.style.removeProperty("--timer-widget-space");
    };
  }, [shown]);
}
