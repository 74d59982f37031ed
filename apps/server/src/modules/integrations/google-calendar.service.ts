import {
  type GoogleCalendar,
  type GoogleEvent,
  type GoogleEventPatch,
  type googleEventsQuerySchema,
  timeZoneOfPreferences,
} from "@timetrap/domain";
import type { z } from "zod";
import type { GoogleConnector } from "../../connectors/google.js";
import { notFound } from "../../http/app-error.js";
import type { UsersService } from "../users/users.service.js";
import type { IntegrationsService } from "./integrations.service.js";

export type GoogleCalendarService = ReturnType<typeof createGoogleCalendarService>;

export type GoogleEventsQuery = z.output<typeof googleEventsQuerySchema>;

/** At most this many calendars are read from Google at once, so that a person with many does not trip its quota. */
const calendarsAtOnce = 4;

/** `work` over `items`, at most `limit` at a time, the answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The Google Calendar calls of the board and the side panel (decision 029), always for the signed-in person and with
 * their own token: Google events are private and never reach another person's board. A calendar must be one of the
 * person's own list, so an id of someone else's calendar is a 404 before anything is asked of it.
 */
export function createGoogleCalendarService({
  integrations,
  google,
  users,
}: {
  integrations: Pick<IntegrationsService, "withAccessToken">;
  google: GoogleConnector;
  users: Pick<UsersService, "findAccountById">;
}) {
  const asPerson = <T>(userId: string, work: (accessToken: string) => Promise<T>) =>
    integrations.withAccessToken({ userId, service: "gcalendar" }, work);

  async function timeZoneOf(userId: string): Promise<string> {
    const account = await users.findAccountById({ userId });
    return timeZoneOfPreferences(account?.preferences ?? {});
  }

  function requireCalendar(calendars: readonly GoogleCalendar[], calendarId: string): GoogleCalendar {
    const calendar = calendars.find((candidate) => candidate.id === calendarId);
    if (!calendar) throw notFound("Calendar");
    return calendar;
  }

  return {
    async listCalendars({ actorId }: { actorId: string }): Promise<{ calendars: GoogleCalendar[] }> {
      return { calendars: await asPerson(actorId, (token) => google.listCalendars(token)) };
    },

    /** The events of the chosen calendars in the range, each in its calendar's colour, by start. */
    async listEvents({
      actorId,
      query,
    }: {
      actorId: string;
      query: GoogleEventsQuery;
    }): Promise<{ events: GoogleEvent[] }> {
      const timeZone = await timeZoneOf(actorId);
      const calendarIds = [...new Set(query.calendar_id)];
      const events = await asPerson(actorId, async (token) => {
        const calendars = await google.listCalendars(token);
        const chosen = calendarIds.map((id) => requireCalendar(calendars, id));
        const lists = await mapLimited(chosen, calendarsAtOnce, (calendar) =>
          google.listEvents(token, {
            calendarId: calendar.id,
            color: calendar.background_color,
            timeMin: query.start_time,
            timeMax: query.end_time,
            timeZone,
          }),
        );
        return lists.flat();
      });
      return { events: events.sort((a, b) => a.start_time - b.start_time || a.end_time - b.end_time) };
    },

    /** Changes an event at Google (`sendUpdates=none`: the guests are not mailed) and answers it as it is now. */
    async patchEvent({
      actorId,
      calendarId,
      eventId,
      patch,
    }: {
      actorId: string;
      calendarId: string;
      eventId: string;
      patch: GoogleEventPatch;
    }): Promise<GoogleEvent> {
      const timeZone = await timeZoneOf(actorId);
      return asPerson(actorId, async (token) => {
        const calendar = requireCalendar(await google.listCalendars(token), calendarId);
        return google.patchEvent(token, { calendarId, eventId, patch, color: calendar.background_color, timeZone });
      });
    },

    /** Deletes an event at Google; one already deleted there (410) counts as deleted. */
    async deleteEvent({
      actorId,
      calendarId,
      eventId,
    }: {
      actorId: string;
      calendarId: string;
      eventId: string;
    }): Promise<void> {
      await asPerson(actorId, async (token) => {
        requireCalendar(await google.listCalendars(token), calendarId);
        await google.deleteEvent(token, { calendarId, eventId });
      });
    },
  };
}
