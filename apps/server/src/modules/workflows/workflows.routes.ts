import { workflowStatusInputSchema, workflowStatusSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { WorkflowsService } from "./workflows.service.js";

const tags = ["workflows"];
const organizationParams = z.object({ orgId: z.uuid() });
const statusParams = z.object({ orgId: z.uuid(), id: z.uuid() });

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
        summary: "The organization's project statuses in their order (needs read on project)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(workflowStatusSchema), ...errorResponses(400, 401, 403, 404) },
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
        summary:
          "Add a project status at the end; its key is made from the name, unique in the organization (needs create on project)",
        security: bearerSecurity,
        params: organizationParams,
        body: workflowStatusInputSchema,
        response: { 201: workflowStatusSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Rename a project status; built-in statuses keep their name (needs edit on project)",
        security: bearerSecurity,
        params: statusParams,
        body: workflowStatusInputSchema,
        response: { 200: workflowStatusSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Delete a project status no project has; built-in statuses stay (needs delete on project)",
        security: bearerSecurity,
        params: statusParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404, 409) },
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
