import {
  dayOffSchema,
  daysOffQuerySchema,
  timeOffAllowanceInputSchema,
  timeOffAllowanceSchema,
  timeOffBalanceSchema,
  timeOffBalancesQuerySchema,
  timeOffInputSchema,
  timeOffKindInputSchema,
  timeOffKindPatchSchema,
  timeOffKindSchema,
  timeOffPatchSchema,
  timeOffQuerySchema,
  timeOffSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  daysOffExample,
  timeOffAllowanceExample,
  timeOffAllowanceInputExample,
  timeOffBalancesExample,
  timeOffDecidedExample,
  timeOffExample,
  timeOffInputExample,
  timeOffKindExample,
  timeOffKindInputExample,
  timeOffKindPatchExample,
  timeOffKindsExample,
  timeOffPatchExample,
} from "../api-document/time-off-examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { TimeOffService } from "./time-off.service.js";

const tags = ["time off"];

const organizationParams = z.object({ orgId: organizationIdParam });
const kindParams = organizationParams.extend({ id: z.uuid().describe("The kind's id") });
const timeOffParams = organizationParams.extend({ id: z.uuid().describe("The time off's id") });
const allowanceParams = organizationParams.extend({
  userId: z.uuid().describe("The member's user id"),
  kindId: z.uuid().describe("The kind's id"),
});

export const timeOffRoutes: FastifyPluginAsyncZod<{ timeOff: TimeOffService; authenticate: Authenticate }> = async (
  app,
  { timeOff, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/time-off-kinds",
    {
      schema: {
        operationId: "listTimeOffKinds",
        tags,
        summary: "List kinds of time off",
        description:
          "The organization's kinds of time off (vacation, sick leave, permit and unpaid leave to begin with), in the " +
          "order they were made. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(timeOffKindSchema), "The kinds", timeOffKindsExample),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => timeOff.listKinds({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/time-off-kinds",
    {
      schema: {
        operationId: "createTimeOffKind",
        tags,
        summary: "Add a kind of time off",
        description: "Adds a kind of time off. Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(timeOffKindInputSchema, timeOffKindInputExample),
        response: {
          201: answer(timeOffKindSchema, "The kind added", { ...timeOffKindExample, ...timeOffKindInputExample }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const kind = await timeOff.createKind({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(kind);
    },
  );

  app.patch(
    "/organization/:orgId/time-off-kinds/:id",
    {
      schema: {
        operationId: "updateTimeOffKind",
        tags,
        summary: "Change a kind of time off",
        description: "Changes what is sent of a kind; its time off keeps it. Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: kindParams,
        body: withExample(timeOffKindPatchSchema, timeOffKindPatchExample),
        response: {
          200: answer(timeOffKindSchema, "The kind as saved", { ...timeOffKindExample, yearly_allowance_days: 22 }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timeOff.updateKind({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        kindId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/time-off-kinds/:id",
    {
      schema: {
        operationId: "deleteTimeOffKind",
        tags,
        summary: "Delete a kind of time off",
        description:
          "Deletes a kind that no time off uses; a kind with time off (in any state) is a 409. Needs `edit` on " +
          "`organization`.",
        security: bearerSecurity,
        params: kindParams,
        response: { 204: noContent("The kind was deleted"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await timeOff.deleteKind({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        kindId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/organization/:orgId/time-off",
    {
      schema: {
        operationId: "createTimeOff",
        tags,
        summary: "Request or record time off",
        description:
          "Whole days from `start_date` to `end_date`, or on one day a half day or some hours. A person's own is " +
          "`requested`, or `approved` at once for a kind that needs no approval. Anyone's with `edit` on `team`, " +
          "`approved` at once; someone else's without it is a 403. Time off that shares a day with another requested " +
          "or approved one of the person's (unless both are parts of the day) is a 409. Any member of the " +
          "organization, for themselves.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(timeOffInputSchema, timeOffInputExample),
        response: {
          201: answer(timeOffSchema, "The time off, requested or approved", timeOffExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const made = await timeOff.createTimeOff({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(made);
    },
  );

  app.patch(
    "/organization/:orgId/time-off/:id",
    {
      schema: {
        operationId: "decideTimeOff",
        tags,
        summary: "Approve, reject or cancel time off",
        description:
          "Moves time off on: a request to `approved` or `rejected` (needs `edit` on `team`), a request or approved " +
          "time off to `cancelled` (its person, or `edit` on `team`); any other move is a 409. The note is kept with " +
          "the decision.",
        security: bearerSecurity,
        params: timeOffParams,
        body: withExample(timeOffPatchSchema, timeOffPatchExample),
        response: {
          200: answer(timeOffSchema, "The time off as decided", timeOffDecidedExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      timeOff.decideTimeOff({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        timeOffId: request.params.id,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );

  app.get(
    "/organization/:orgId/time-off",
    {
      schema: {
        operationId: "listTimeOff",
        tags,
        summary: "List time off",
        description:
          "Time off overlapping the dates, by start. One's own always; everyone's (or another person's, by " +
          "`user_id`) needs `read` on `team`, without which the list holds the caller's own.",
        security: bearerSecurity,
        params: organizationParams,
        querystring: timeOffQuerySchema,
        response: {
          200: answer(z.array(timeOffSchema), "The time off", [timeOffExample]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timeOff.listTimeOff({ actorId: actorIdOf(request), organizationId: request.params.orgId, query: request.query }),
  );

  app.get(
    "/organization/:orgId/time-off-balances",
    {
      schema: {
        operationId: "listTimeOffBalances",
        tags,
        summary: "List time off balances",
        description:
          "A person's balance of each kind with an allowance in a year: the allowance (the person's, else the kind's), " +
          "days used (approved, up to today), planned (approved after today, and requested) and remaining. A day is " +
          "a working day of the person that is not a holiday of their group; a half day is 0.5, hours their share of " +
          "the day's contractual hours. The person themselves, or `read` on `team`.",
        security: bearerSecurity,
        params: organizationParams,
        querystring: timeOffBalancesQuerySchema,
        response: {
          200: answer(z.array(timeOffBalanceSchema), "The balances", timeOffBalancesExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timeOff.listBalances({ actorId: actorIdOf(request), organizationId: request.params.orgId, query: request.query }),
  );

  app.put(
    "/organization/:orgId/user/:userId/time-off-allowances/:kindId",
    {
      schema: {
        operationId: "setTimeOffAllowance",
        tags,
        summary: "Set a person's allowance",
        description:
          "Sets the days of a kind a member may take in a year, in place of the kind's allowance. Needs `edit` on " +
          "`team`.",
        security: bearerSecurity,
        params: allowanceParams,
        body: withExample(timeOffAllowanceInputSchema, timeOffAllowanceInputExample),
        response: {
          200: answer(timeOffAllowanceSchema, "The allowance as saved", timeOffAllowanceExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timeOff.setAllowance({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        kindId: request.params.kindId,
        input: request.body,
      }),
  );

  app.get(
    "/user/:userId/days-off",
    {
      schema: {
        operationId: "listDaysOff",
        tags,
        summary: "List a person's days off",
        description:
          "A person's holidays (of their group) and time off (approved and requested, each day) from `start_date` to " +
          "`end_date`, at most 366 days: what the board and the team plan show as all-day blocks. The person " +
          "themselves, or `read` on `team` for a member of the caller's organization.",
        security: bearerSecurity,
        params: z.object({ userId: z.uuid().describe("The person's user id") }),
        querystring: daysOffQuerySchema,
        response: {
          200: answer(z.array(dayOffSchema), "The days off, by date", daysOffExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timeOff.daysOff({ actorId: actorIdOf(request), userId: request.params.userId, query: request.query }),
  );
};
