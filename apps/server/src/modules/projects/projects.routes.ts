import { projectSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ProjectsService } from "./projects.service.js";

const tags = ["projects"];
const organizationParams = z.object({ orgId: z.uuid() });
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });

export const projectsRoutes: FastifyPluginAsyncZod<{
  projects: ProjectsService;
  authenticate: Authenticate;
}> = async (app, { projects, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project",
    {
      schema: {
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
};
