import { inviteUserInputSchema, organizationUserSchema, updateMemberInputSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { MembersService } from "./members.service.js";

const tags = ["users"];

const organizationParams = z.object({ orgId: z.uuid() });
const memberParams = organizationParams.extend({ userId: z.uuid() });

export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService; authenticate: Authenticate }> = async (
  app,
  { members, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/user",
    {
      schema: {
        tags,
        summary: "The organization's users by name, with the contract in force today (any member)",
        security: bearerSecurity,
        params: organizationParams,
        querystring: z.object({
          only_active_users: z
            .enum(["true", "false"], { message: "only_active_users must be true or false" })
            .optional(),
        }),
        response: { 200: z.array(organizationUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      members.listUsers({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        onlyActive: request.query.only_active_users === "true",
      }),
  );

  app.get(
    "/organization/:orgId/user/:userId",
    {
      schema: {
        tags,
        summary: "One user of the organization (any member)",
        security: bearerSecurity,
        params: memberParams,
        response: { 200: organizationUserSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      members.getUser({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
      }),
  );

  app.post(
    "/organization/:orgId/user/invite",
    {
      schema: {
        tags,
        summary:
          "Invite a person by e-mail with a role: 201 with the new user, or 200 when they were already invited here and a new link was sent (needs create on user)",
        security: bearerSecurity,
        params: organizationParams,
        body: inviteUserInputSchema,
        response: {
          200: organizationUserSchema,
          201: organizationUserSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, user } = await members.inviteUser({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(created ? 201 : 200).send(user);
    },
  );

  app.patch(
    "/organization/:orgId/user/:userId",
    {
      schema: {
        tags,
        summary:
          "Give a user another role of the organization; refused when nobody active would keep every right on roles and users, or the actor would lose them (needs edit on user)",
        security: bearerSecurity,
        params: memberParams,
        body: updateMemberInputSchema,
        response: { 200: organizationUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      members.updateMember({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        input: request.body,
      }),
  );
};
