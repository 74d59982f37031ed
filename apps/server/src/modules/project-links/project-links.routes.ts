import { projectLinkInputSchema, projectLinkSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { projectLinkExample, projectLinkInputExample } from "../api-document/examples.js";
import type { ProjectLinksService } from "./project-links.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") });
const linkParams = projectParams.extend({ linkId: z.uuid().describe("The link's id") });
const linkBody = withExample(projectLinkInputSchema, projectLinkInputExample);

export const projectLinksRoutes: FastifyPluginAsyncZod<{
  links: ProjectLinksService;
  authenticate: Authenticate;
}> = async (app, { links, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project/:id/links",
    {
      schema: {
        operationId: "listProjectLinks",
        tags,
        summary: "List a project's links",
        description:
          "The project's links in the order they were added. Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        response: {
          200: answer(z.array(projectLinkSchema), "The links", [projectLinkExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      links.listLinks({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );

  app.post(
    "/organization/:orgId/project/:id/links",
    {
      schema: {
        operationId: "createProjectLink",
        tags,
        summary: "Add a link",
        description:
          "Adds a link to the project. The address must be a web address (http or https; one without a scheme is taken " +
          "as https) or a mailto: address, and is saved normalized; any other scheme is a 400. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        body: linkBody,
        response: {
          201: answer(projectLinkSchema, "The link added", projectLinkExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const link = await links.createLink({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(link);
    },
  );

  app.patch(
    "/organization/:orgId/project/:id/links/:linkId",
    {
      schema: {
        operationId: "updateProjectLink",
        tags,
        summary: "Replace a link",
        description:
          "Replaces the link's title and address, under the address rules of `createProjectLink`. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: linkParams,
        body: linkBody,
        response: {
          200: answer(projectLinkSchema, "The link as saved", projectLinkExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      links.updateLink({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        linkId: request.params.linkId,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project/:id/links/:linkId",
    {
      schema: {
        operationId: "deleteProjectLink",
        tags,
        summary: "Delete a link",
        description:
          "Deletes a link of the project. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: linkParams,
        response: { 204: noContent("The link was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await links.deleteLink({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        linkId: request.params.linkId,
      });
      return reply.status(204).send(null);
    },
  );
};
