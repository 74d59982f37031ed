import {
  googleCalendarsAnswerSchema,
  googleEventPatchSchema,
  googleEventSchema,
  googleEventsAnswerSchema,
  googleEventsQuerySchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, noContent, withExample } from "../api-document/api-document.js";
import {
  googleCalendarsExample,
  googleEventPatchExample,
  googleEventPatchedExample,
  googleEventsExample,
} from "../api-document/integrations-examples.js";
import type { GoogleCalendarService } from "./google-calendar.service.js";

const tags = ["integrations"];

const eventParams = z.object({
  calendarId: z.string().min(1).max(1024).describe("The calendar's id, one of the person's calendars"),
  eventId: z.string().min(1).max(1024).describe("The Google event's id (an occurrence's own id for a series)"),
});

/** A change must change something, which the document says too, so that a client generated from it sends one. */
const eventPatch = googleEventPatchSchema.meta({
  minProperties: 1,
  description: "A change: summary, or start_time and end_time together.",
});

/** Decision 029's table, said once for every call that reaches Google. */
const failures =
  "Google's failures: 409 `INTEGRATION_NOT_CONNECTED` (not connected) or `INTEGRATION_NEEDS_RECONNECT` (Google " +
  "refused the stored grant), 503 `UPSTREAM_RATE_LIMITED`, 502 `UPSTREAM_ERROR`, 504 `UPSTREAM_TIMEOUT`, and Google's " +
  "own 400, 403 and 404, each with a message that starts `Google Calendar API: `. The signed-in person's own calendars " +
  "only.";

const upstreamErrors = errorResponses(400, 401, 403, 404, 409, 502, 503, 504);

export const googleCalendarRoutes: FastifyPluginAsyncZod<{
  googleCalendar: GoogleCalendarService;
  authenticate: Authenticate;
}> = async (app, { googleCalendar, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/connect/gcalendar/calendars",
    {
      schema: {
        operationId: "listGoogleCalendars",
        tags,
        summary: "List the person's Google calendars",
        description: `The calendars of the signed-in person's Google account, with their colours. ${failures}`,
        security: bearerSecurity,
        response: {
          200: answer(googleCalendarsAnswerSchema, "The calendars", googleCalendarsExample),
          ...upstreamErrors,
        },
      },
    },
    async (request) => googleCalendar.listCalendars({ actorId: actorIdOf(request) }),
  );

  app.get(
    "/connect/gcalendar/events",
    {
      schema: {
        operationId: "listGoogleEvents",
        tags,
        summary: "List Google events of a range",
        description:
          "The events of the chosen calendars that overlap the range, each in its calendar's colour, by start: every " +
          "page Google has, up to 9999 a calendar; the ones the person declined and the cancelled ones left out; " +
          "all-day events with their dates (the end exclusive) and their days' midnights in the person's time zone. A " +
          `calendar that is not one of the person's is a 404. ${failures}`,
        security: bearerSecurity,
        querystring: describeFields(googleEventsQuerySchema, {
          start_time: "The range's start (epoch ms)",
          end_time: "The range's end (epoch ms), after the start and at most 400 days on",
          calendar_id: "A calendar's id; repeat it for each calendar (1 to 50)",
        }),
        response: {
          200: answer(googleEventsAnswerSchema, "The events, by start", googleEventsExample),
          ...upstreamErrors,
        },
      },
    },
    async (request) => googleCalendar.listEvents({ actorId: actorIdOf(request), query: request.query }),
  );

  app.patch(
    "/connect/gcalendar/calendars/:calendarId/events/:eventId",
    {
      schema: {
        operationId: "updateGoogleEvent",
        tags,
        summary: "Change a Google event",
        description:
          "Changes an event's title or times (both together) at Google, without mailing its guests " +
          `(\`sendUpdates=none\`), and answers the event as Google keeps it. ${failures}`,
        security: bearerSecurity,
        params: eventParams,
        body: withExample(eventPatch, googleEventPatchExample),
        response: {
          200: answer(googleEventSchema, "The event as changed", googleEventPatchedExample),
          ...upstreamErrors,
        },
      },
    },
    async (request) =>
      googleCalendar.patchEvent({
        actorId: actorIdOf(request),
        calendarId: request.params.calendarId,
        eventId: request.params.eventId,
        patch: request.body,
      }),
  );

  app.delete(
    "/connect/gcalendar/calendars/:calendarId/events/:eventId",
    {
      schema: {
        operationId: "deleteGoogleEvent",
        tags,
        summary: "Delete a Google event",
        description:
          "Deletes an event at Google without mailing its guests; one Google has already deleted (410) counts as " +
          `deleted. ${failures}`,
        security: bearerSecurity,
        params: eventParams,
        response: { 204: noContent("The event was deleted"), ...upstreamErrors },
      },
    },
    async (request, reply) => {
      await googleCalendar.deleteEvent({
        actorId: actorIdOf(request),
        calendarId: request.params.calendarId,
        eventId: request.params.eventId,
      });
      return reply.status(204).send(null);
    },
  );
};
