import { roleInputSchema, roleSchema, roleUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { RolesService } from "./roles.service.js";

const tags = ["roles"];

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService; authenticate: Authenticate }> = async (
  app,
  { roles, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/role",
    {
      schema: {
        operationId: "listRoles",
        tags,
        summary: "The organization's roles by name (needs read on role)",
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid() }),
        response: { 200: z.array(roleSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => roles.listRoles({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/role",
    {
      schema: {
        operationId: "createRole",
        tags,
        summary: "Create a role; acls as JSON text or as a list (needs create on role)",
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid() }),
        body: roleInputSchema,
        response: { 201: roleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const role = await roles.createRole({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
        client: sessionClientOf(request),
      });
      return reply.status(201).send(role);
    },
  );

  app.patch(
    "/organization/:orgId/role/:id",
    {
      schema: {
        operationId: "updateRole",
        tags,
        summary:
          "Rename a role or replace its acls; refused when nobody active would keep every right on roles and users, or the actor would lose them (needs edit on role)",
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid(), id: z.uuid() }),
        body: roleUpdateSchema,
        response: { 200: roleSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      roles.updateRole({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        roleId: request.params.id,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );
};
