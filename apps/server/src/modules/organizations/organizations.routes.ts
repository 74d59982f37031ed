import {
  createOrganizationInputSchema,
  createOrganizationResponseSchema,
  organizationSchema,
  updateOrganizationInputSchema,
  updateOrganizationResponseSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { OrganizationsService } from "./organizations.service.js";

const tags = ["organizations"];

export const organizationsRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationsService;
  authenticate: Authenticate;
}> = async (app, { organizations, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.post(
    "/user/:id/organization",
    {
      schema: {
        operationId: "createOrganization",
        tags,
        summary: "Create the user's organization, its default roles and workflow statuses; the creator becomes Admin",
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        body: createOrganizationInputSchema,
        response: { 201: createOrganizationResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const result = await organizations.createOrganization({
        actorId: actorIdOf(request),
        userId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(result);
    },
  );

  app.patch(
    "/user/:id/organization/:orgId",
    {
      schema: {
        operationId: "updateUserOrganization",
        tags,
        summary:
          "Rename the organization, replace its e-mail domains or require two-factor sign-in of every member (needs edit on organization)",
        security: bearerSecurity,
        params: z.object({ id: z.uuid(), orgId: z.uuid() }),
        body: updateOrganizationInputSchema,
        response: { 200: updateOrganizationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      organizations.updateOrganization({
        actorId: actorIdOf(request),
        userId: request.params.id,
        organizationId: request.params.orgId,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );

  app.patch(
    "/organization/:orgId",
    {
      schema: {
        operationId: "updateOrganization",
        tags,
        summary:
          "Rename the signed-in user's organization, replace its e-mail domains or require two-factor sign-in of every member; refused domains are listed (needs edit on organization)",
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid() }),
        body: updateOrganizationInputSchema,
        response: { 200: updateOrganizationResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actorId = actorIdOf(request);
      return organizations.updateOrganization({
        actorId,
        userId: actorId,
        organizationId: request.params.orgId,
        input: request.body,
        client: sessionClientOf(request),
      });
    },
  );

  app.get(
    "/organization/:orgId",
    {
      schema: {
        operationId: "getOrganization",
        tags,
        summary:
          "The organization, its domains, plan and whether it requires two-factor sign-in (needs read on organization)",
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid() }),
        response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      organizations.getOrganization({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );
};
