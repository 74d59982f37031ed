import { projectUpdateInputSchema, projectUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { projectUpdateExample, projectUpdateInputExample } from "../api-document/examples.js";
import type { ProjectUpdatesService } from "./project-updates.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") });
const updateParams = projectParams.extend({ updateId: z.uuid().describe("The project update's id") });
const updateBody = withExample(projectUpdateInputSchema, projectUpdateInputExample);

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
        summary: "List a project's updates",
        description:
          "The project's updates, the latest date first (then the latest written). Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        response: {
          200: answer(z.array(projectUpdateSchema), "The project updates", [projectUpdateExample]),
          ...errorResponses(400, 401, 404),
        },
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
        summary: "Add a project update",
        description:
          "Adds an update on the project's state. Left out, `date` is today in the caller's time zone, `status` " +
          "`in_progress` and `progress` 0. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        body: updateBody,
        response: {
          201: answer(projectUpdateSchema, "The project update added", projectUpdateExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Replace a project update",
        description:
          "Replaces the update's fields with those sent: a field left out takes its default (an empty text, " +
          "`in_progress`, progress 0), except `date`: without it the update keeps its day. Needs `edit` on " +
          "`project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: updateParams,
        body: updateBody,
        response: {
          200: answer(projectUpdateSchema, "The project update as saved", projectUpdateExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Delete a project update",
        description:
          "Deletes an update of the project. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: updateParams,
        response: { 204: noContent("The project update was deleted"), ...errorResponses(400, 401, 403, 404) },
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
