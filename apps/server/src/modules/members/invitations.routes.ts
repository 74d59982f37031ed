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
import type { AuthService } from "../auth/auth.service.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { InvitationsService } from "./invitations.service.js";

const tags = ["invitations"];

const invitationParams = z.object({ id: z.uuid() });

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
        summary:
          "The pending, unexpired invitations to the signed-in user's e-mail, newest first; none until the e-mail is verified",
        security: bearerSecurity,
        response: { 200: z.array(invitationSchema), ...errorResponses(401) },
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
        summary:
          "Accept an invitation to one's verified e-mail and join its organization with its role: 403 with an unverified e-mail, 404 for an invitation to another address, 409 while a member of an organization, 400 INVALID_TOKEN once expired, revoked or answered",
        security: bearerSecurity,
        params: invitationParams,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
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
        summary:
          "Decline an invitation to one's verified e-mail: its seat is free again. 404 for an invitation to another address, 400 INVALID_TOKEN once expired, revoked or answered",
        security: bearerSecurity,
        params: invitationParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
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
        summary:
          "What an invitation link offers, for its page (no session): 400 INVALID_TOKEN for a link expired, revoked, answered or replaced by a newer one",
        querystring: invitationLinkQuerySchema,
        response: { 200: invitationLinkSchema, ...errorResponses(400) },
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
        summary:
          "Decline an invitation through its link (no session: the link proves the mailbox); its seat is free again. 400 INVALID_TOKEN for a link expired, revoked, answered or replaced",
        body: declineInvitationLinkInputSchema,
        response: { 204: z.null(), ...errorResponses(400) },
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
        summary:
          "Accept an invitation through its link and sign in (the link proves the mailbox, so the e-mail becomes verified): a new address needs a password (and may give a name); a verified account joins as it is (through the second step when it has two-factor sign-in on). 409 when already a member of an organization",
        body: withPasswordRule(acceptInvitationLinkInputSchema),
        response: { 200: signInResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request) => auth.acceptInvitationLink({ ...request.body, client: sessionClientOf(request) }),
  );
};
