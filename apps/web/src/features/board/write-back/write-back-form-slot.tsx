import { isItemService, type TimeBlockingEvent } from "@timetrap/domain";
import { Suspense } from "react";
import { lazyComponent } from "../../../lib/lazy-component";

// Fetched, with its texts, only once a block from Todoist, Asana, Paymo or Jira is opened (decision 032).
const Section = lazyComponent(() => import("./write-back-section").then((module) => module.loadWriteBackSection()));

/** The event form's link back to the outside item and the state of its time written back. */
export function WriteBackFormSection({ event }: { event: TimeBlockingEvent }) {
  if (event.is_occurrence || !isItemService(event.source)) return null;
  return (
    <Suspense fallback={null}>
      <Section event={event} />
    </Suspense>
  );
}
