import type { EventInput } from "@fullcalendar/react";
import { type TimeBlockingEvent, withPreferenceDefaults } from "@timetrap/domain";
import { useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";
import { useGoogleCalendars, useGoogleEvents } from "../../../api/google-calendar";
import type { EventRange } from "../../../api/time-blocking";
import { useSignedInUser } from "../../../lib/session";
import styles from "./google.module.css";
import { isGoogleOriginal, withGoogleEvents } from "./google-events";
import { GoogleProblemState } from "./google-problem";
import { googleTexts } from "./google-texts";

/** What the board draws with its own events: the Google events of the ticked calendars, and how to open one. */
export interface GoogleDecoration {
  /** Whether any of them is an all-day event: the all-day row is shown for it, whatever the preference. */
  any: boolean;
  decorate: (events: EventInput[]) => EventInput[];
  /** Opens a Google event's details in the side panel; false for a Timetrap event, which the board opens itself. */
  open: (event: TimeBlockingEvent) => boolean;
}

/** The Google events' tiles' look and the name said after their title and times (a brand's name: not translated). */
const look = { name: "Google Calendar", className: styles.google ?? "" };

/** The ids of the ticked calendars, the same list while they stay the same. */
function useTickedCalendars(preferences: unknown, own: boolean): string[] {
  const ids = withPreferenceDefaults(preferences)
    .gcalendars.filter((calendar) => calendar.enabled)
    .map((calendar) => calendar.id);
  const key = own ? ids.join("\n") : "";
  return useMemo(() => (key ? key.split("\n") : []), [key]);
}

/**
 * The events of the signed-in person's ticked Google calendars on their own board (decision 029: never on anyone
 * else's), asked of the server for the days the board shows and handed to it as events of its own (google-events.ts).
 * Fetched after the board, with its code: a board without Google Calendar draws as before. When Google cannot be
 * reached, a note above the grid says why, with the way out; the board stays usable.
 */
export function GoogleLayer({
  userId,
  range,
  onChange,
}: {
  userId: string;
  range: EventRange;
  onChange: (decoration: GoogleDecoration | null) => void;
}) {
  const me = useSignedInUser();
  const ticked = useTickedCalendars(me.preferences, me.uid === userId);
  // A calendar ticked once and gone from Google since (deleted, no longer shared) is left out: the server would refuse
  // the whole request for it, and the others' events would not show.
  const calendars = useGoogleCalendars({ enabled: ticked.length > 0 });
  const calendarIds = useMemo(() => {
    const present = new Set(calendars.data?.map((calendar) => calendar.id));
    return calendars.data ? ticked.filter((id) => present.has(id)) : [];
  }, [ticked, calendars.data]);
  const query = useGoogleEvents(calendarIds.length > 0 ? range : null, calendarIds);
  const events = calendarIds.length > 0 ? query.data : undefined;
  // The address changes with every choice on the page; the decoration keeps one function to open an event.
  const [, setSearchParams] = useSearchParams();
  const setSearchParamsRef = useRef(setSearchParams);
  setSearchParamsRef.current = setSearchParams;

  useEffect(() => {
    if (!events) {
      onChange(null);
      return;
    }
    const ticked = new Set(calendarIds);
    onChange({
      any: events.some((event) => event.all_day && ticked.has(event.calendar_id)),
      decorate: (board) => withGoogleEvents(board, events, { userId, calendarIds: ticked, look }),
      open: (event) => {
        if (!isGoogleOriginal(event)) return false;
        setSearchParamsRef.current(
          (current) => {
            const params = new URLSearchParams(current);
            params.set("panel", "gcalendar");
            params.set("gevent", event.id);
            return params;
          },
          { replace: true },
        );
        return true;
      },
    });
  }, [events, calendarIds, userId, onChange]);

  // Nothing is withdrawn when the board goes: its events are drawn without Google's next time it comes.
  useEffect(() => () => onChange(null), [onChange]);

  if (ticked.length > 0 && calendars.isError) {
    return <GoogleProblemState compact error={calendars.error} onRetry={() => void calendars.refetch()} />;
  }
  if (calendarIds.length === 0 || !query.isError) return null;
  return <GoogleProblemState compact error={query.error} onRetry={() => void query.refetch()} />;
}

/** The layer once its texts have come (the board fetches both when it first draws it). */
export const loadGoogleLayer = () => googleTexts().then(() => GoogleLayer);
