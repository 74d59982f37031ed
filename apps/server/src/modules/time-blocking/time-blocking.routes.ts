import {
  recurrencePatchSchema,
  recurrenceSchema,
  timeBlockingEventInputSchema,
  timeBlockingEventPatchSchema,
  timeBlockingEventSchema,
  timeBlockingRangeQuerySchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { plainJson } from "../../http/plain-json.js";
import { answer, describeFields, noContent, withExample } from "../api-document/api-document.js";
import {
  activityExample,
  eventInputExample,
  eventPatchExample,
  eventPatchedExample,
  eventsExample,
  recurrencePatchExample,
  recurrencePatchedExample,
  unassignedEventsExample,
} from "../api-document/examples.js";
import type { TimeBlockingService } from "./time-blocking.service.js";

const tags = ["time-blocking"];
const boardOwner = z.uuid().describe("The id of the user whose board it is");
const userParams = z.object({ id: boardOwner });
const eventParams = z.object({
  id: boardOwner,
  eventId: z.uuid().describe("The event's id (for an occurrence, its series' template)"),
});
const recurrenceParams = z.object({ id: boardOwner, recId: z.uuid().describe("The series' id (`recurrence_id`)") });
const rangeStart = "The start of the range: an ISO 8601 date-time with its offset, or epoch milliseconds";
const rangeEnd = "The end of the range, after `startTime` and at most 62 days later: ISO 8601 or epoch milliseconds";

/** The last instant the database stores (the end of year 9999), the bound the event schemas already hold to. */
const latestInstant = 253_402_300_799_999;

/** A range the database can hold: epoch digits are otherwise unbounded. */
const rangeQuery = describeFields(timeBlockingRangeQuerySchema, { startTime: rangeStart, endTime: rangeEnd }).refine(
  (range) => range.to <= latestInstant,
  {
    message: "endTime must be before the year 10000",
    path: ["endTime"],
  },
);

/** The dashboard's range is optional: both bounds, or neither. */
const optionalRangeQuery = z
  .object({
    startTime: z.string().optional().describe(`${rangeStart}; with \`endTime\`, or neither`),
    endTime: z.string().optional().describe(`${rangeEnd}; with \`startTime\`, or neither`),
  })
  .transform((query, ctx) => {
    if (query.startTime === undefined && query.endTime === undefined) return null;
    const parsed = rangeQuery.safeParse(query);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

const recurrencePatch = recurrencePatchSchema
  .refine(
    (patch) => patch.end_date === undefined || patch.end_date === null || Math.abs(patch.end_date) <= latestInstant,
    { message: "end_date must be before the year 10000", path: ["end_date"] },
  )
  .meta({ minProperties: 1, description: "A change: skip, end_date or both." });

/**
 * Those lists are long strings: as a Buffer, the answer's byte length is known without a scan for Content-Length, and
 * it goes to the socket without being encoded a second time.
 */
const asBuffer = async (_request: unknown, _reply: unknown, payload: unknown) =>
  typeof payload === "string" ? Buffer.from(payload) : payload;

export const timeBlockingRoutes: FastifyPluginAsyncZod<{
  timeBlocking: TimeBlockingService;
  authenticate: Authenticate;
}> = async (app, { timeBlocking, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/user/:id/time-blocking",
    {
      schema: {
        operationId: "listEvents",
        tags,
        summary: "List a board's events",
        description:
          "The events overlapping a range, and every occurrence of the owner's series in it (computed in the owner's " +
          "time zone, with `is_occurrence` true and the series' template `id`), by start. `endTime` must be after " +
          "`startTime`, and the range covers at most 62 days. One's own board, or another member's with `read` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        querystring: rangeQuery,
        response: {
          200: answer(z.array(timeBlockingEventSchema), "The events and occurrences", eventsExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      serializerCompiler: plainJson,
      onSend: asBuffer,
    },
    async (request) =>
      timeBlocking.listEvents({
        actorId: actorIdOf(request),
        actorAccount: request.account,
        userId: request.params.id,
        range: request.query,
      }),
  );

  app.get(
    "/user/:id/time-blocking/not-assigned",
    {
      schema: {
        operationId: "listUnassignedEvents",
        tags,
        summary: "List activities without a project",
        description:
          "Activities with time logged but no project, newest first, at most 200; with `startTime` and `endTime` (both " +
          "or neither, under the rules of `listEvents`), those overlapping that range. One's own board, or another member's with `read` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        querystring: optionalRangeQuery,
        response: {
          200: answer(z.array(timeBlockingEventSchema), "The activities without a project", unassignedEventsExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      serializerCompiler: plainJson,
      onSend: asBuffer,
    },
    async (request) =>
      timeBlocking.listNotAssigned({
        actorId: actorIdOf(request),
        actorAccount: request.account,
        userId: request.params.id,
        range: request.query,
      }),
  );

  app.post(
    "/user/:id/time-blocking",
    {
      schema: {
        operationId: "createEvent",
        tags,
        summary: "Add an event",
        description:
          "Adds a planning block or an activity. `end_time` must be after `start_time`, and an event lasts at most 31 " +
          "days. With `recurrence` it is the first occurrence of a new series (a series ends on a date or after a count, " +
          "not both; weekdays apply to weekly series only). With `recurrence_id` it is a standalone change of that " +
          "series, which skips the series' occurrence on the same day. The project, category and task must be the organization's (404 otherwise); a task fills an empty project (a task of another project than the event's is a 400), and an empty category with the task's when it fits; a category must be flagged for the event's type (`is_used_for_planning` or `is_used_for_tasks`, else a 400). One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: userParams,
        body: withExample(timeBlockingEventInputSchema, eventInputExample),
        response: {
          201: answer(timeBlockingEventSchema, "The event added", activityExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const event = await timeBlocking.createEvent({
        actorId: actorIdOf(request),
        userId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(event);
    },
  );

  app.patch(
    "/user/:id/time-blocking/:eventId",
    {
      schema: {
        operationId: "updateEvent",
        tags,
        summary: "Change an event",
        description:
          "Changes the fields sent (at least one), under the rules of `createEvent`. `event_type` may switch between " +
          "planning and activity only while the event is not completed (409). On a series' template, " +
          "`occurrence_start` names the occurrence edited, and its new times move every occurrence the same way; " +
          "`recurrence` replaces the rule (skips and end kept) and `recurrence: null` stops the series. One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: eventParams,
        body: withExample(timeBlockingEventPatchSchema, eventPatchExample),
        response: {
          200: answer(timeBlockingEventSchema, "The event as saved", eventPatchedExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      timeBlocking.updateEvent({
        actorId: actorIdOf(request),
        userId: request.params.id,
        eventId: request.params.eventId,
        input: request.body,
      }),
  );

  app.delete(
    "/user/:id/time-blocking/:eventId",
    {
      schema: {
        operationId: "deleteEvent",
        tags,
        summary: "Delete an event",
        description:
          "Deletes a standalone event. A series' template is the whole series: it goes only with `recurrences=true`, " +
          "else 409 (one occurrence goes with a skip, the following ones with an end date: `updateRecurrence`). One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: eventParams,
        querystring: z.object({
          recurrences: z
            .enum(["true", "false"], { message: "recurrences must be true or false" })
            .optional()
            .describe("`true` deletes a series' template with the whole series"),
        }),
        response: { 204: noContent("The event was deleted"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await timeBlocking.deleteEvent({
        actorId: actorIdOf(request),
        userId: request.params.id,
        eventId: request.params.eventId,
        recurrences: request.query.recurrences === "true",
      });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/user/:id/recurrence/:recId",
    {
      schema: {
        operationId: "updateRecurrence",
        tags,
        summary: "Skip an occurrence or end a series",
        description:
          "`skip` takes the occurrence starting at that instant out of the series; `end_date` ends the series after " +
          "that instant (null reopens it). At least one of the two; `end_date` must be before the year 10000. An end " +
          "before the series' first occurrence leaves nothing of it: the series is deleted and the answer is a 204. " +
          "One's own board (once in an organization), or another member's with `edit` on `team` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: recurrenceParams,
        body: withExample(recurrencePatch, recurrencePatchExample),
        response: {
          200: answer(recurrenceSchema, "The series as saved", recurrencePatchedExample),
          204: noContent("The series ended before it began and was deleted"),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const recurrence = await timeBlocking.updateRecurrence({
        actorId: actorIdOf(request),
        userId: request.params.id,
        recurrenceId: request.params.recId,
        input: request.body,
      });
      return recurrence ? recurrence : reply.status(204).send(null);
    },
  );
};
