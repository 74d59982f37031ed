import { overheadInputSchema, overheadSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { overheadExample, overheadInputExample } from "../api-document/examples.js";
import type { OverheadsService } from "./overheads.service.js";

const tags = ["overheads"];
const organizationParams = z.object({ orgId: organizationIdParam });
const overheadParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The overhead's id") });
const overheadBody = withExample(overheadInputSchema, overheadInputExample);

export const overheadsRoutes: FastifyPluginAsyncZod<{
  overheads: OverheadsService;
  authenticate: Authenticate;
}> = async (app, { overheads, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/overheads",
    {
      schema: {
        operationId: "listOverheads",
        tags,
        summary: "List overheads",
        description: "The organization's overheads, the latest period first. Needs `read` on `user`.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(overheadSchema), "The overheads", [overheadExample]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => overheads.listOverheads({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/overheads",
    {
      schema: {
        operationId: "createOverhead",
        tags,
        summary: "Add an overhead",
        description:
          "Adds a monthly cost of the organization (rent, software, administration) over a period, which the project " +
          "statistics share out over the hours worked. A null or missing `to_date` has no end; `to_date` cannot be before " +
          "`from_date`, and `amount` takes at most 2 decimals. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: organizationParams,
        body: overheadBody,
        response: {
          201: answer(overheadSchema, "The overhead added", overheadExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const overhead = await overheads.createOverhead({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(overhead);
    },
  );

  app.patch(
    "/organization/:orgId/overheads/:id",
    {
      schema: {
        operationId: "updateOverhead",
        tags,
        summary: "Replace an overhead",
        description:
          "Replaces the overhead's amount and period with those sent (a missing `to_date` means no end). `to_date` " +
          "cannot be before `from_date`, and `amount` takes at most 2 decimals. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: overheadParams,
        body: overheadBody,
        response: {
          200: answer(overheadSchema, "The overhead as saved", overheadExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      overheads.updateOverhead({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        overheadId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/overheads/:id",
    {
      schema: {
        operationId: "deleteOverhead",
        tags,
        summary: "Delete an overhead",
        description: "Deletes an overhead. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: overheadParams,
        response: { 204: noContent("The overhead was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await overheads.deleteOverhead({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        overheadId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};
