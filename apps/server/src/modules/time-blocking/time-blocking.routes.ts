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
import type { TimeBlockingService } from "./time-blocking.service.js";

const tags = ["time-blocking"];
const userParams = z.object({ id: z.uuid() });
const eventParams = z.object({ id: z.uuid(), eventId: z.uuid() });
const recurrenceParams = z.object({ id: z.uuid(), recId: z.uuid() });

/** The last instant the database stores (the end of year 9999), the bound the event schemas already hold to. */
const latestInstant = 253_402_300_799_999;

/** A range the database can hold: epoch digits are otherwise unbounded. */
const rangeQuery = timeBlockingRangeQuerySchema.refine((range) => range.to <= latestInstant, {
  message: "endTime must be before the year 10000",
  path: ["endTime"],
});

/** The dashboard's range is optional: both bounds, or neither. */
const optionalRangeQuery = z
  .object({ startTime: z.string().optional(), endTime: z.string().optional() })
  .transform((query, ctx) => {
    if (query.startTime === undefined && query.endTime === undefined) return null;
    const parsed = rangeQuery.safeParse(query);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

const recurrencePatch = recurrencePatchSchema.refine(
  (patch) => patch.end_date === undefined || patch.end_date === null || Math.abs(patch.end_date) <= latestInstant,
  { message: "end_date must be before the year 10000", path: ["end_date"] },
);

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
        summary:
          "The events and series occurrences overlapping a range of at most 62 days, by start (one's own board, or another's with read on team)",
        security: bearerSecurity,
        params: userParams,
        querystring: rangeQuery,
        response: { 200: z.array(timeBlockingEventSchema), ...errorResponses(400, 401, 403, 404) },
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
        summary: "Activities with time but no project, newest first, at most 200, optionally in a range",
        security: bearerSecurity,
        params: userParams,
        querystring: optionalRangeQuery,
        response: { 200: z.array(timeBlockingEventSchema), ...errorResponses(400, 401, 403, 404) },
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
        summary:
          "Add an event; with recurrence, the first of a series; with recurrence_id, a standalone change that skips the series' occurrence on its day",
        security: bearerSecurity,
        params: userParams,
        body: timeBlockingEventInputSchema,
        response: { 201: timeBlockingEventSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary:
          "Change the fields sent; on a series' template, occurrence_start moves every occurrence, recurrence replaces or (null) stops the rule",
        security: bearerSecurity,
        params: eventParams,
        body: timeBlockingEventPatchSchema,
        response: { 200: timeBlockingEventSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Delete an event; a series' template only with recurrences=true, which deletes the whole series",
        security: bearerSecurity,
        params: eventParams,
        querystring: z.object({
          recurrences: z.enum(["true", "false"], { message: "recurrences must be true or false" }).optional(),
        }),
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404, 409) },
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
        summary:
          "Skip one occurrence of a series, or end it after an instant (null reopens it); an end before its first occurrence deletes it (204)",
        security: bearerSecurity,
        params: recurrenceParams,
        body: recurrencePatch,
        response: {
          200: recurrenceSchema,
          204: z.null().describe("The series ended before it began and was deleted"),
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
