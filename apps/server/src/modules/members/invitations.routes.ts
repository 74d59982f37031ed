import {
  acceptInvitationLinkInputSchema,
  declineInvitationLinkInputSchema,
  invitationLinkQuerySchema,
  invitationLinkSchema,
  invitationSchema,
  signInResponseSchema,
  userSchema,
} from "@timetrap/domain";
import { withPasswordRule } from "@timetrap/domain/password-strength";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, noContent, withExample } from "../api-document/api-document.js";
import {
  ids,
  invitationExample,
  invitationLinkExample,
  memberRoleExample,
  signInResponseExample,
  userExample,
} from "../api-document/examples.js";
import type { AuthService } from "../auth/auth.service.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { InvitationsService } from "./invitations.service.js";

const tags = ["invitations"];

const invitationParams = z.object({ id: z.uuid().describe("The invitation's id") });
const invitationToken = "akse2zCzno1Ly5QBqDW64yb0Q92MA-EEYoYBqGRldvw";

/** The person's side of invitations (decision 008): those addressed to them, and the anonymous link's page. */
export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  users: UsersService;
  auth: AuthService;
  authenticate: Authenticate;
}> = async (app, { invitations, users, auth, authenticate }) => {
  app.get(
    "/auth/invitations",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listMyInvitations",
        tags,
        summary: "List one's invitations",
        description:
          "The pending, unexpired invitations to the signed-in person's e-mail, newest first; none until the e-mail is " +
          "verified. Any signed-in person.",
        security: bearerSecurity,
        response: {
          200: answer(z.array(invitationSchema), "The invitations", [invitationExample]),
          ...errorResponses(401),
        },
      },
    },
    async (request) => invitations.listMyInvitations({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/invitations/:id/accept",
    {
      onRequest: authenticate,
      schema: {
        operationId: "acceptMyInvitation",
        tags,
        summary: "Accept an invitation",
        description:
          "Accepts an invitation to the signed-in person's verified e-mail: they join its organization with its role. " +
          "An unverified e-mail is a 403, an invitation to another address a 404, being a member of an organization a " +
          "409, and an invitation expired, revoked or answered a 400 `INVALID_TOKEN`. Any signed-in person.",
        security: bearerSecurity,
        params: invitationParams,
        response: {
          200: answer(userSchema, "The user, now a member", {
            ...userExample,
            uid: ids.chiara,
            role: memberRoleExample,
          }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const userId = actorIdOf(request);
      await invitations.acceptInApp({ userId, invitationId: request.params.id, client: sessionClientOf(request) });
      return users.getUser({ userId });
    },
  );

  app.post(
    "/auth/invitations/:id/decline",
    {
      onRequest: authenticate,
      schema: {
        operationId: "declineMyInvitation",
        tags,
        summary: "Decline an invitation",
        description:
          "Declines an invitation to the signed-in person's verified e-mail: its seat is free again. An unverified " +
          "e-mail is a 403, an invitation to another address a 404, one expired, revoked or answered a 400 " +
          "`INVALID_TOKEN`. Any signed-in person.",
        security: bearerSecurity,
        params: invitationParams,
        response: { 204: noContent("The invitation was declined"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const client = sessionClientOf(request);
      await invitations.decline({ userId: actorIdOf(request), invitationId: request.params.id, client });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/auth/invitation",
    {
      schema: {
        operationId: "getInvitationByLink",
        tags,
        summary: "Read an invitation link",
        description:
          "What an invitation link offers, for its page: who invites whom to which organization, and whether the " +
          "address has an account (then accepting asks no password). A link expired, revoked, answered or replaced by a newer one is a 400 `INVALID_TOKEN`. No token needed.",
        querystring: describeFields(invitationLinkQuerySchema, {
          token: "The token of the link in the invitation e-mail",
        }),
        response: {
          200: answer(invitationLinkSchema, "The invitation", invitationLinkExample),
          ...errorResponses(400),
        },
      },
    },
    async (request) => invitations.describeLink({ token: request.query.token }),
  );

  app.post(
    "/auth/invitation/decline",
    {
      schema: {
        operationId: "declineInvitationByLink",
        tags,
        summary: "Decline an invitation by its link",
        description:
          "Declines an invitation through its link, which proves the mailbox: its seat is free again. A link expired, revoked, answered or replaced by a newer one is a 400 `INVALID_TOKEN`. No token " +
          "needed.",
        body: withExample(declineInvitationLinkInputSchema, { token: invitationToken }),
        response: { 204: noContent("The invitation was declined"), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await invitations.declineByLink({ token: request.body.token, client: sessionClientOf(request) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/invitation/accept",
    {
      schema: {
        operationId: "acceptInvitationByLink",
        tags,
        summary: "Accept an invitation by its link",
        description:
          "Accepts an invitation through its link and signs in; the link proves the mailbox, so the e-mail becomes " +
          "verified. An address without an account needs a password (the rule of `signUp`) and may give a name; an " +
          "account joins as it is, through the second step when it has two-factor sign-in on. Being a member of an " +
          "organization is a 409. A link expired, revoked, answered or replaced by a newer one is a 400 `INVALID_TOKEN`. No token needed.",
        body: withExample(withPasswordRule(acceptInvitationLinkInputSchema), {
          token: invitationToken,
          password: "Scala-Tramonto-Vetro-19",
          nominative: "Chiara Esposito",
        }),
        response: {
          200: answer(
            signInResponseSchema,
            "Signed in as a member, or the second step asked for",
            signInResponseExample,
          ),
          ...errorResponses(400, 409),
        },
      },
    },
    async (request) => auth.acceptInvitationLink({ ...request.body, client: sessionClientOf(request) }),
  );
};
