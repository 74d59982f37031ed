import { calendarFeedSchema } from "@timetrap/domain";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer } from "../api-document/api-document.js";
import { calendarFeedExample, calendarFeedOffExample } from "../api-document/calendar-feed-examples.js";
import type { CalendarFeedService } from "./calendar-feed.service.js";

const tags = ["calendar feed"];
const userParams = z.object({ id: z.uuid().describe("The id of the person whose feed it is") });
const who =
  "Only the person themselves (another member of their organization is a 403, anyone else a 404): the address " +
  "shows their plan to whoever has it.";

/** `GET`/`POST`/`DELETE user/{id}/calendar-feed` under /api/v1 (decision 029). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{
  calendarFeed: CalendarFeedService;
  authenticate: Authenticate;
}> = async (app, { calendarFeed, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/user/:id/calendar-feed",
    {
      schema: {
        operationId: "getCalendarFeed",
        tags,
        summary: "Get the calendar feed's address",
        description: `Whether the person's private calendar feed is on, and its address (\`/ics/{secret}.ics\`). ${who}`,
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(calendarFeedSchema, "The feed: on with its address, or off", calendarFeedOffExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => calendarFeed.getCalendarFeed({ actorId: actorIdOf(request), userId: request.params.id }),
  );

  app.post(
    "/user/:id/calendar-feed",
    {
      schema: {
        operationId: "enableCalendarFeed",
        tags,
        summary: "Turn the calendar feed on or give it a new address",
        description:
          "Turns the feed on with a new secret address, or, when it is on, replaces its address: the old one answers " +
          `404 at once. The feed serves the person's blocks from 30 days back to 180 ahead as iCalendar. ${who}`,
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(calendarFeedSchema, "The feed with its new address", calendarFeedExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => calendarFeed.enableCalendarFeed({ actorId: actorIdOf(request), userId: request.params.id }),
  );

  app.delete(
    "/user/:id/calendar-feed",
    {
      schema: {
        operationId: "disableCalendarFeed",
        tags,
        summary: "Turn the calendar feed off",
        description: `Turns the feed off: its address answers 404 from now on (nothing to do when it is off). ${who}`,
        security: bearerSecurity,
        params: userParams,
        response: {
          204: z.null().describe("The feed is off"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await calendarFeed.disableCalendarFeed({ actorId: actorIdOf(request), userId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};

/**
 * `GET /ics/{secret}.ics`, outside /api/v1 and without a session: calendars (Google, Outlook, Apple) fetch it with
 * nothing but the address. Not in the API document: it is a file for calendars, not a call of the API.
 */
export const calendarFeedFileRoutes: FastifyPluginAsync<{ calendarFeed: CalendarFeedService }> = async (
  app,
  { calendarFeed },
) => {
  app.get<{ Params: { file: string } }>("/ics/:file", { schema: { hide: true } }, async (request, reply) => {
    const ics = await calendarFeed.renderCalendarFeed({ file: request.params.file, clientAddress: request.ip });
    return (
      reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "private, max-age=300")
        .header("content-disposition", 'inline; filename="timetrap.ics"')
        // The address is the feed's only key: it must never end up in a search engine.
        .header("x-robots-tag", "noindex, nofollow")
        .send(ics)
    );
  });
};
