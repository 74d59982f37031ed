import { projectUpdateInputSchema, projectUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ProjectUpdatesService } from "./project-updates.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const updateParams = z.object({ orgId: z.uuid(), id: z.uuid(), updateId: z.uuid() });

export const projectUpdatesRoutes: FastifyPluginAsyncZod<{
  updates: ProjectUpdatesService;
  authenticate: Authenticate;
}> = async (app, { updates, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project/:id/updates",
    {
      schema: {
        operationId: "listProjectUpdates",
        tags,
        summary: "A project's updates, newest first by date (whoever sees the project)",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: z.array(projectUpdateSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      updates.listUpdates({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );

  app.post(
    "/organization/:orgId/project/:id/updates",
    {
      schema: {
        operationId: "createProjectUpdate",
        tags,
        summary:
          "Add a project update; without a date it is about today, in progress at 0% unless told otherwise (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: projectParams,
        body: projectUpdateInputSchema,
        response: { 201: projectUpdateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const update = await updates.createUpdate({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(update);
    },
  );

  app.patch(
    "/organization/:orgId/project/:id/updates/:updateId",
    {
      schema: {
        operationId: "updateProjectUpdate",
        tags,
        summary:
          "Replace a project update's fields; without a date it keeps its day (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: updateParams,
        body: projectUpdateInputSchema,
        response: { 200: projectUpdateSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updates.updateUpdate({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        updateId: request.params.updateId,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project/:id/updates/:updateId",
    {
      schema: {
        operationId: "deleteProjectUpdate",
        tags,
        summary: "Delete a project update (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: updateParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await updates.deleteUpdate({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        updateId: request.params.updateId,
      });
      return reply.status(204).send(null);
    },
  );
};
