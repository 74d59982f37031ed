import {
  integrationSchema,
  integrationSettingsPatchSchema,
  itemServiceSchema,
  writeBackSchema,
  writeBacksAnswerSchema,
  writeBacksQuerySchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, withExample } from "../api-document/api-document.js";
import {
  failedWriteBackExample,
  integrationSettingsExample,
  integrationWithWriteBackOffExample,
  retriedWriteBackExample,
  writeBackExample,
} from "./write-back.examples.js";
import type { WriteBackService } from "./write-back.service.js";

const tags = ["integrations"];

const userParams = z.object({ id: z.uuid().describe("The person's user id: the caller's own") });
const retryParams = userParams.extend({ eventId: z.uuid().describe("The block's id (its write-back's `event_id`)") });
const serviceParams = userParams.extend({
  service: itemServiceSchema.describe("The tool: todoist, asana, paymo or jira (Google Calendar logs no time)"),
});
const rangeQuery = describeFields(writeBacksQuerySchema, {
  start_time: "The range's start, epoch ms: blocks starting at or after it",
  end_time: "The range's end, epoch ms: blocks starting before it (at most 400 days after the start)",
});

const whatItIs =
  "When an activity dropped from the side panel (Todoist, Asana, Paymo, Jira) is completed, its time is written back " +
  "to the item: a Jira worklog, a Paymo time entry, a Todoist or Asana comment; a later change of its time updates " +
  "the same record.";

export const writeBackRoutes: FastifyPluginAsyncZod<{
  writeBack: WriteBackService;
  authenticate: Authenticate;
}> = async (app, { writeBack, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/user/:id/write-backs",
    {
      schema: {
        operationId: "listWriteBacks",
        tags,
        summary: "List the time written back to the tools",
        description:
          `${whatItIs} Each block starting in the range that has one: \`pending\` (queued or being retried, with the ` +
          "last error), `written` (the seconds and day the tool has), `failed` (why) or `off` (write-back was off for " +
          "the service). The person themselves only: another member of the organization is a 403.",
        security: bearerSecurity,
        params: userParams,
        querystring: rangeQuery,
        response: {
          200: answer(writeBacksAnswerSchema, "The write-backs, by the block's start", {
            write_backs: [writeBackExample, failedWriteBackExample],
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      write_backs: await writeBack.listWriteBacks({
        actorId: actorIdOf(request),
        userId: request.params.id,
        range: { start: request.query.start_time, end: request.query.end_time },
      }),
    }),
  );

  app.post(
    "/user/:id/write-backs/:eventId/retry",
    {
      schema: {
        operationId: "retryWriteBack",
        tags,
        summary: "Write a block's time back again",
        description:
          "Queues a failed write-back again (or one that was off, once write-back is on for the service): 202 with it " +
          "pending. A written one is a 409 (a change of the block's time writes it again), as is one whose service is " +
          "not connected or has write-back off; a block without a write-back is a 404. The person themselves only.",
        security: bearerSecurity,
        params: retryParams,
        response: {
          202: answer(writeBackSchema, "The write-back, pending", retriedWriteBackExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const queued = await writeBack.retryWriteBack({
        actorId: actorIdOf(request),
        userId: request.params.id,
        eventId: request.params.eventId,
      });
      return reply.status(202).send(queued);
    },
  );

  app.patch(
    "/user/:id/integration/:service",
    {
      schema: {
        operationId: "updateUserIntegration",
        tags,
        summary: "Turn writing time back on or off for a service",
        description:
          "`write_back`: whether the time of the blocks completed from now on goes back to the service (on by " +
          "default). Answers the integration as the list of integrations shows it. A service the person has not " +
          "connected is a 404; Google Calendar, which logs no time, a 400. The person themselves only.",
        security: bearerSecurity,
        params: serviceParams,
        body: withExample(integrationSettingsPatchSchema, integrationSettingsExample),
        response: {
          200: answer(integrationSchema, "The integration, without its credential", integrationWithWriteBackOffExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      writeBack.updateIntegrationSettings({
        actorId: actorIdOf(request),
        userId: request.params.id,
        service: request.params.service,
        writeBack: request.body.write_back,
      }),
  );
};
