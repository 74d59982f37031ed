import {
  invitationSchema,
  inviteUserInputSchema,
  organizationUserSchema,
  updateMemberInputSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { MembersService } from "./members.service.js";

const tags = ["users"];

const organizationParams = z.object({ orgId: z.uuid() });
const memberParams = organizationParams.extend({ userId: z.uuid() });
const invitationParams = organizationParams.extend({ id: z.uuid() });

export const membersRoutes: FastifyPluginAsyncZod<{ members: MembersService; authenticate: Authenticate }> = async (
  app,
  { members, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/user",
    {
      schema: {
        operationId: "listMembers",
        tags,
        summary:
          "The organization's members (active and inactive) by name, with the contract in force today; pending invitations are listed apart (any member)",
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
        operationId: "getMember",
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
        operationId: "inviteMembers",
        tags,
        summary:
          "Invite a person by e-mail with a role: 201 with a pending invitation (it takes a seat of the plan; the person joins only by accepting), or 200 with the renewed invitation when the address was already invited here. The answer is the same whoever owns the address; 409 for a member of this organization (needs create on user)",
        security: bearerSecurity,
        params: organizationParams,
        body: inviteUserInputSchema,
        response: {
          200: invitationSchema,
          201: invitationSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, invitation } = await members.inviteUser({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
        client: sessionClientOf(request),
      });
      return reply.status(created ? 201 : 200).send(invitation);
    },
  );

  app.get(
    "/organization/:orgId/invitation",
    {
      schema: {
        operationId: "listInvitations",
        tags,
        summary: "The organization's pending invitations, expired ones included, newest first (needs read on user)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(invitationSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => members.listInvitations({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/invitation/:id/resend",
    {
      schema: {
        operationId: "resendInvitation",
        tags,
        summary:
          "A new link for a pending (or expired) invitation, valid 7 days; earlier links stop working. 409 for an accepted, declined or revoked one (needs create on user)",
        security: bearerSecurity,
        params: invitationParams,
        response: { 200: invitationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      members.resendInvitation({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        invitationId: request.params.id,
        client: sessionClientOf(request),
      }),
  );

  app.delete(
    "/organization/:orgId/invitation/:id",
    {
      schema: {
        operationId: "revokeInvitation",
        tags,
        summary:
          "Revoke a pending invitation: its link stops working and its seat is free; 409 once answered or revoked (needs create on user)",
        security: bearerSecurity,
        params: invitationParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await members.revokeInvitation({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        invitationId: request.params.id,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/organization/:orgId/user/:userId",
    {
      schema: {
        operationId: "removeMember",
        tags,
        summary:
          "Remove a member: their running timer stops, their time stays in the reports, attributed. Not oneself (409: leave instead), never the last one with every right on roles and users (409) (needs delete on user)",
        security: bearerSecurity,
        params: memberParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await members.removeMember({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/user/:id/organization/:orgId",
    {
      schema: {
        operationId: "leaveOrganization",
        tags,
        summary:
          "Leave the organization (only oneself): the running timer stops, the time stays in its reports. 409 for the last one with every right on roles and users",
        security: bearerSecurity,
        params: z.object({ id: z.uuid(), orgId: z.uuid() }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await members.leaveOrganization({
        actorId: actorIdOf(request),
        userId: request.params.id,
        organizationId: request.params.orgId,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/organization/:orgId/user/:userId",
    {
      schema: {
        operationId: "updateMember",
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
        client: sessionClientOf(request),
      }),
  );
};
