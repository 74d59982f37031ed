import { overheadInputSchema, overheadSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { OverheadsService } from "./overheads.service.js";

const tags = ["overheads"];
const organizationParams = z.object({ orgId: z.uuid() });
const overheadParams = z.object({ orgId: z.uuid(), id: z.uuid() });

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
        summary: "The organization's overheads, newest period first (needs read on user)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(overheadSchema), ...errorResponses(400, 401, 403, 404) },
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
        summary: "Add an overhead over a period; a null to_date has no end (needs edit on user)",
        security: bearerSecurity,
        params: organizationParams,
        body: overheadInputSchema,
        response: { 201: overheadSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Replace an overhead's amount and period (needs edit on user)",
        security: bearerSecurity,
        params: overheadParams,
        body: overheadInputSchema,
        response: { 200: overheadSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete an overhead (needs edit on user)",
        security: bearerSecurity,
        params: overheadParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
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
