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
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  ids,
  invitationExample,
  inviteInputExample,
  memberExample,
  updateMemberInputExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { MembersService } from "./members.service.js";

const tags = ["users"];

const organizationParams = z.object({ orgId: organizationIdParam });
const memberParams = organizationParams.extend({ userId: z.uuid().describe("The member's user id") });
const invitationParams = organizationParams.extend({ id: z.uuid().describe("The invitation's id") });

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
        summary: "List members",
        description:
          "The organization's users, active and inactive, ordered by name, each with the contract in force today. " +
          "Pending invitations are listed by `listInvitations`. Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        querystring: z.object({
          only_active_users: z
            .enum(["true", "false"], { message: "only_active_users must be true or false" })
            .optional()
            .describe("`true`: only the active users"),
        }),
        response: {
          200: answer(z.array(organizationUserSchema), "The organization's users", [memberExample]),
          ...errorResponses(400, 401, 404),
        },
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
        summary: "Get a member",
        description: "One user of the organization, with the contract in force today. Any member of the organization.",
        security: bearerSecurity,
        params: memberParams,
        response: { 200: answer(organizationUserSchema, "The user", memberExample), ...errorResponses(400, 401, 404) },
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
        summary: "Invite a person",
        description:
          "Invites a person by e-mail with a role of the organization and mails them a link, valid 7 days. The answer " +
          "is 201 with a pending invitation, which takes a seat of the plan (403 when none is free; the person joins " +
          "only by accepting), or 200 with the renewed invitation when the address was already invited here. It is the " +
          "same whoever owns the address; an address of a member of this organization is a 409. Needs `create` on " +
          "`user`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(inviteUserInputSchema, inviteInputExample),
        response: {
          200: answer(invitationSchema, "The invitation already pending, renewed", invitationExample),
          201: answer(invitationSchema, "The invitation made", invitationExample),
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
        summary: "List invitations",
        description:
          "The organization's pending invitations, expired ones included, newest first. Needs `read` on `user`.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(invitationSchema), "The invitations", [invitationExample]),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Resend an invitation",
        description:
          "Mails a new link for a pending or expired invitation, valid 7 days; earlier links stop working. An expired " +
          "invitation takes a seat again (403 when none is free). An accepted, declined or revoked one is a 409. Needs " +
          "`create` on `user`.",
        security: bearerSecurity,
        params: invitationParams,
        response: {
          200: answer(invitationSchema, "The invitation, renewed", invitationExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
        summary: "Revoke an invitation",
        description:
          "Takes a pending invitation back: its link stops working and its seat is free. One already answered or " +
          "revoked is a 409. Needs `create` on `user`.",
        security: bearerSecurity,
        params: invitationParams,
        response: { 204: noContent("The invitation was revoked"), ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Remove a member",
        description:
          "Removes a member from the organization: their running timer stops and is logged, and their time stays in " +
          "the reports, attributed to them. Not oneself (409: `leaveOrganization` instead), and the last active member with every right on roles and users cannot go (409). Needs " +
          "`delete` on `user`.",
        security: bearerSecurity,
        params: memberParams,
        response: { 204: noContent("The member was removed"), ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Leave the organization",
        description:
          "The caller leaves the organization: their running timer stops and is logged, and their time stays in its " +
          "reports. Only oneself (`id` is the caller; another is a 403), and the last active member with every right on roles and users cannot go (409).",
        security: bearerSecurity,
        params: z.object({ id: z.uuid().describe("The caller's user id"), orgId: organizationIdParam }),
        response: { 204: noContent("The caller left the organization"), ...errorResponses(400, 401, 403, 404, 409) },
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
        summary: "Change a member's role",
        description:
          "Gives a member another role of the organization. A change that would leave no active member with every right on roles and users, or take those rights from the caller, is a 409. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: memberParams,
        body: withExample(updateMemberInputSchema, updateMemberInputExample),
        response: {
          200: answer(organizationUserSchema, "The user with the new role", {
            ...memberExample,
            role: { uid: ids.leadRole, name: "Project lead" },
          }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
