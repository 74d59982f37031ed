import { roleInputSchema, roleSchema, roleUpdateSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  adminRoleExample,
  leadRoleExample,
  leadRoleUpdatedExample,
  memberRoleExample,
  roleInputExample,
  roleUpdateExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { RolesService } from "./roles.service.js";

const tags = ["roles"];
const organizationParams = z.object({ orgId: organizationIdParam });

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
        summary: "List roles",
        description:
          "The organization's roles, ordered by name, with the rights each grants: for each subject (`organization`, " +
          "`role`, `user`, `project`, `timesheet`, `team`) the actions (`read`, `create`, `edit`, `delete`). Needs " +
          "`read` on `role`.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(roleSchema), "The roles", [adminRoleExample, memberRoleExample, leadRoleExample]),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Add a role",
        description:
          "Adds a role. `acls` is a list of `{subject, actions}`, or the same list written as JSON text; it is stored " +
          "with one entry per subject, in order and without repeats. A name another role has is a 409. Needs `create` on " +
          "`role`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(roleInputSchema, roleInputExample),
        response: {
          201: answer(roleSchema, "The role added", leadRoleExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
        summary: "Change a role",
        description:
          "Renames a role or replaces its rights (at least one of the two). A name another role has is a 409. " +
          "A change that would leave no active member with every right on roles and users, or take those rights from the caller, is a 409. Needs `edit` on `role`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam, id: z.uuid().describe("The role's id") }),
        body: withExample(roleUpdateSchema, roleUpdateExample),
        response: {
          200: answer(roleSchema, "The role as saved", leadRoleUpdatedExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
