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
import { answer, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  createOrganizationInputExample,
  createOrganizationResponseExample,
  organizationExample,
  updateOrganizationInputExample,
  updateOrganizationResponseExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { OrganizationsService } from "./organizations.service.js";

const tags = ["organizations"];
const organizationChange = withExample(updateOrganizationInputSchema, updateOrganizationInputExample);
/** What a change of the organization answers, under either of its paths. */
const organizationChangeAnswers = {
  200: answer(
    updateOrganizationResponseSchema,
    "The organization as saved, and the domains left out",
    updateOrganizationResponseExample,
  ),
  ...errorResponses(400, 401, 403, 404),
};

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
        summary: "Create an organization",
        description:
          "Creates the caller's organization on the Free plan, with its default roles (Admin, Manager, Member, named " +
          "in the organization's `language`: Amministratore, Manager, Membro in Italian) and project statuses; the " +
          "caller joins it as Admin. Domains are stored in lower case; malformed ones and ones " +
          "another organization holds are left out and listed in `invalidDomains`. Only for oneself (`id` is the " +
          "caller); a caller who already belongs to an organization gets a 409.",
        security: bearerSecurity,
        params: z.object({ id: z.uuid().describe("The caller's user id") }),
        body: withExample(createOrganizationInputSchema, createOrganizationInputExample),
        response: {
          201: answer(
            createOrganizationResponseSchema,
            "The organization created, and the caller's role in it",
            createOrganizationResponseExample,
          ),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
        summary: "Change the user's organization",
        description:
          "Changes what is sent (at least one field): renames the organization, replaces its e-mail domains or requires two-factor sign-in of every member. Domains are stored in lower case; malformed ones and ones another organization holds are left out and listed in `invalidDomains`. The same as `updateOrganization`, under the caller's path (`id` is the caller). Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: z.object({ id: z.uuid().describe("The caller's user id"), orgId: organizationIdParam }),
        body: organizationChange,
        response: organizationChangeAnswers,
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
        summary: "Change the organization",
        description:
          "Changes what is sent (at least one field): renames the organization, replaces its e-mail domains or requires two-factor sign-in of every member. Domains are stored in lower case; malformed ones and ones another organization holds are left out and listed in `invalidDomains`. Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam }),
        body: organizationChange,
        response: organizationChangeAnswers,
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
        summary: "Get the organization",
        description:
          "The organization with its e-mail domains, its plan and whether it requires two-factor sign-in. Needs `read` " +
          "on `organization`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam }),
        response: {
          200: answer(organizationSchema, "The organization", organizationExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      organizations.getOrganization({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );
};
