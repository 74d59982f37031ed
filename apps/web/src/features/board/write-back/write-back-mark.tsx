import { IconAlertTriangle, IconCheck, IconClockHour4 } from "@tabler/icons-react";
import { isItemService, type TimeBlockingEvent } from "@timetrap/domain";
import { useTranslation } from "react-i18next";
import { useWriteBacks } from "../../../api/write-backs";
import { useSignedInUser } from "../../../lib/session";
import styles from "./write-back.module.css";
import { writeBackTexts } from "./write-back-texts";
import { itemServiceNames, type WriteBackMarkState, writeBackMarkOf, writeBackWeekOf } from "./write-back-view";

const icons = { written: IconCheck, pending: IconClockHour4, failed: IconAlertTriangle };
const labels = {
  written: "writeBack.mark.written",
  pending: "writeBack.mark.pending",
  failed: "writeBack.mark.failed",
} as const satisfies Record<WriteBackMarkState, string>;

/**
 * The state of a completed block's time written back to the tool it came from (decision 032): written, on its way, or
 * failed. The tiles of a week share one request for the week's write-backs, made only once such a tile is drawn, and
 * only on one's own board: a person's write-backs are theirs alone.
 */
export function WriteBackMark({ event }: { event: TimeBlockingEvent }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const own = event.user_id === me.uid;
  const writeBacks = useWriteBacks(me.uid, own ? writeBackWeekOf(event.start_time) : null);
  const state = writeBackMarkOf(writeBacks.data?.find((writeBack) => writeBack.event_id === event.id));
  if (!state || !isItemService(event.source)) return null;
  const Icon = icons[state];
  const label = t(labels[state], { service: itemServiceNames[event.source] });
  return (
    <span className={styles.mark} data-state={state} role="img" aria-label={label} title={label}>
      <Icon size={11} stroke={2.5} aria-hidden />
    </span>
  );
}

/** The mark once its texts have come. */
export const loadWriteBackMark = () => writeBackTexts().then(() => WriteBackMark);
