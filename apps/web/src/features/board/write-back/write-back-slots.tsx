import type { TimeBlockingEvent } from "@timetrap/domain";
import { Suspense } from "react";
import { lazyComponent } from "../../../lib/lazy-component";

/**
 * The tools whose time is written back: the domain's `itemServices`, spelled here rather than imported, since the
 * domain's module would bring its schemas into the board's first load for a list of four words (a test keeps the two
 * the same).
 */
export const writtenBackSources: ReadonlySet<string> = new Set(["todoist", "asana", "paymo", "jira"]);

// Fetched, with its texts, only once a completed block from Todoist, Asana, Paymo or Jira is drawn (decision 032).
const Mark = lazyComponent(() => import("./write-back-mark").then((module) => module.loadWriteBackMark()));

/** A tile's mark of the time written back: only a completed block from an outside tool has one. */
export function WriteBackTileMark({ event }: { event: TimeBlockingEvent }) {
  if (!event.completed || event.is_occurrence || !writtenBackSources.has(event.source)) return null;
  return (
    <Suspense fallback={null}>
      <Mark event={event} />
    </Suspense>
  );
}
