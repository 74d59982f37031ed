import { workflowStatusInputSchema, workflowStatusSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { workflowStatusExample, workflowStatusExamples } from "../api-document/examples.js";
import type { WorkflowsService } from "./workflows.service.js";

const tags = ["workflows"];
const organizationParams = z.object({ orgId: organizationIdParam });
const statusParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project status's id") });

export const workflowsRoutes: FastifyPluginAsyncZod<{
  workflows: WorkflowsService;
  authenticate: Authenticate;
}> = async (app, { workflows, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/projects-workflows",
    {
      schema: {
        operationId: "listWorkflowStatuses",
        tags,
        summary: "List project statuses",
        description:
          "The organization's project statuses in their order, new ones last. Every organization has the built-in " +
          "`open` (selected by default for a new project), `to_be_invoiced` and `completed`, which are not editable. " +
          "Needs `read` on `project`.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(workflowStatusSchema), "The project statuses", workflowStatusExamples),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      workflows.listWorkflowStatuses({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/projects-workflows",
    {
      schema: {
        operationId: "createWorkflowStatus",
        tags,
        summary: "Add a project status",
        description:
          "Adds a project status after the others. Its `key` is made from the name (`In review` becomes `in_review`, " +
          "with a number added when the key is taken). A name another status has, case ignored, is a 409. Needs " +
          "`create` on `project`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(workflowStatusInputSchema, { name: "In review" }),
        response: {
          201: answer(workflowStatusSchema, "The project status added", workflowStatusExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const status = await workflows.createWorkflowStatus({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(status);
    },
  );

  app.patch(
    "/organization/:orgId/projects-workflows/:id",
    {
      schema: {
        operationId: "updateWorkflowStatus",
        tags,
        summary: "Rename a project status",
        description:
          "Renames a project status; its `key` stays. A built-in status (`editable: false`) cannot be renamed, and a " +
          "name another status has, case ignored, is taken: both are a 409. Needs `edit` on `project`.",
        security: bearerSecurity,
        params: statusParams,
        body: withExample(workflowStatusInputSchema, { name: "Client review" }),
        response: {
          200: answer(workflowStatusSchema, "The project status as saved", {
            ...workflowStatusExample,
            name: "Client review",
          }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      workflows.updateWorkflowStatus({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        statusId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/projects-workflows/:id",
    {
      schema: {
        operationId: "deleteWorkflowStatus",
        tags,
        summary: "Delete a project status",
        description:
          "Deletes a project status. A built-in status, or one that projects have (the answer says how many), is a " +
          "409. Needs `delete` on `project`.",
        security: bearerSecurity,
        params: statusParams,
        response: { 204: noContent("The project status was deleted"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await workflows.deleteWorkflowStatus({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        statusId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );
};
