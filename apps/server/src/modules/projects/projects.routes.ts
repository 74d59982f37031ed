import { projectInputSchema, projectSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { projectExample, projectInputExample } from "../api-document/examples.js";
import type { ProjectsService } from "./projects.service.js";

const tags = ["projects"];
const organizationParams = z.object({ orgId: organizationIdParam });
const projectParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") });
const userParams = z.object({ orgId: organizationIdParam, userId: z.uuid().describe("The user's id") });
const projectBody = withExample(projectInputSchema, projectInputExample);

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
        summary: "List projects",
        description:
          "The organization's projects, newest first, with their members, latest update and logged time. Any member of " +
          "the organization: with `read` on `project` every project, otherwise those the caller manages or is a member of.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(projectSchema), "The projects", [projectExample]),
          ...errorResponses(400, 401, 404),
        },
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
        summary: "Get a project",
        description:
          "One project with its members, latest update, logged time and cost. Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: answer(projectSchema, "The project", projectExample), ...errorResponses(400, 401, 404) },
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
        summary: "Add a project",
        description:
          "Adds a project. Without `status_id` it takes the organization's `open` status. The customer, status, category " +
          "and area must be the organization's, and the manager and every member listed (`salesaccount`, `responsible`, " +
          "`accountable`, `consulted`, `informed`) an active user of it: an unknown one is a 404, an inactive one a 400. " +
          "`end_date` cannot be before `start_date`; amounts take at most 2 decimals; ids listed twice count once. Needs " +
          "`create` on `project`, and a free PROJECT unit of the organization's plan (403 once the plan's projects are " +
          "used).",
        security: bearerSecurity,
        params: organizationParams,
        body: projectBody,
        response: {
          201: answer(projectSchema, "The project added", projectExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Replace a project",
        description:
          "Replaces every field and the members of the project with those sent, under the rules of `createProject`; " +
          "people already on the project in the same place may stay even if they have been deactivated since. Needs " +
          "`edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        body: projectBody,
        response: {
          200: answer(projectSchema, "The project as saved", projectExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Delete a project",
        description:
          "Deletes a project with its tasks, expenses, notes, links, updates and members. Needs `delete` on `project`.",
        security: bearerSecurity,
        params: projectParams,
        response: { 204: noContent("The project was deleted"), ...errorResponses(400, 401, 403, 404) },
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
        summary: "List a user's projects",
        description:
          "The projects a user manages or is a member of, newest first. The user themself, or `read` on `project`.",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(z.array(projectSchema), "The user's projects", [projectExample]),
          ...errorResponses(400, 401, 403, 404),
        },
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
