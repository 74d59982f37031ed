import { projectLinkInputSchema, projectLinkSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ProjectLinksService } from "./project-links.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const linkParams = z.object({ orgId: z.uuid(), id: z.uuid(), linkId: z.uuid() });

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
        summary: "A project's links in the order they were added (whoever sees the project)",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: z.array(projectLinkSchema), ...errorResponses(400, 401, 404) },
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
        summary: "Add a link to a project; the address is kept as typed (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: projectParams,
        body: projectLinkInputSchema,
        response: { 201: projectLinkSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Replace a link's title and address (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: linkParams,
        body: projectLinkInputSchema,
        response: { 200: projectLinkSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete a link (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: linkParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
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
