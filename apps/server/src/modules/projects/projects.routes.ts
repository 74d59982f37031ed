import { projectInputSchema, projectSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ProjectsService } from "./projects.service.js";

const tags = ["projects"];
const organizationParams = z.object({ orgId: z.uuid() });
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const userParams = z.object({ orgId: z.uuid(), userId: z.uuid() });

export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  authenticate: Authenticate;
}> = async (app, { projects, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project",
    {
      schema: {
        operationId: "listProjects",
        tags,
        summary:
          "The organization's projects, newest first; without read on project, only those the user manages or is a member of",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => projects.listProjects({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.get(
    "/organization/:orgId/project/:id",
    {
      schema: {
        operationId: "getProject",
        tags,
        summary: "One project (needs read on project, or being its manager or a member)",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: projectSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      projects.getProject({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );

  app.post(
    "/organization/:orgId/project",
    {
      schema: {
        operationId: "createProject",
        tags,
        summary:
          "Add a project; without status_id it takes the organization's open status (needs create on project and a free PROJECT unit of the plan)",
        security: bearerSecurity,
        params: organizationParams,
        body: projectInputSchema,
        response: { 201: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const project = await projects.createProject({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(project);
    },
  );

  app.patch(
    "/organization/:orgId/project/:id",
    {
      schema: {
        operationId: "updateProject",
        tags,
        summary: "Replace a project's fields and members (needs edit on project, or being its manager)",
        security: bearerSecurity,
        params: projectParams,
        body: projectInputSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      projects.updateProject({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project/:id",
    {
      schema: {
        operationId: "deleteProject",
        tags,
        summary:
          "Delete a project with its tasks, expenses, notes, links, updates and members (needs delete on project)",
        security: bearerSecurity,
        params: projectParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await projects.deleteProject({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/organization/:orgId/user/:userId/project",
    {
      schema: {
        operationId: "listMemberProjects",
        tags,
        summary:
          "The projects a user manages or is a member of, newest first (the user themself, or needs read on project)",
        security: bearerSecurity,
        params: userParams,
        response: { 200: z.array(projectSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      projects.listUserProjects({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
      }),
  );
};
