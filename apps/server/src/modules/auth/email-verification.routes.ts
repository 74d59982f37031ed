import { userSchema, verifyEmailInputSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { UsersService } from "../users/users.service.js";
import type { EmailVerificationService } from "./email-verification.js";

const tags = ["auth"];

export const emailVerificationRoutes: FastifyPluginAsyncZod<{
  emailVerification: EmailVerificationService;
  users: UsersService;
  authenticate: Authenticate;
}> = async (app, { emailVerification, users, authenticate }) => {
  app.post(
    "/auth/verify-email",
    {
      schema: {
        operationId: "verifyEmail",
        tags,
        summary:
          "Follow a verification link: the account's e-mail becomes verified. Works without a session (the link may be opened on another device); 400 INVALID_TOKEN for a used, unknown, replaced or expired link",
        body: verifyEmailInputSchema,
        response: { 200: userSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const account = await emailVerification.verify({ token: request.body.token });
      return users.getUser({ userId: account.id });
    },
  );

  app.post(
    "/auth/verify-email/resend",
    {
      onRequest: authenticate,
      schema: {
        operationId: "resendEmailVerification",
        tags,
        summary:
          "Send a new verification link (earlier ones stop working): 409 once verified; at most 3 an hour to one address and 20 from one client address, shared with password recovery (429 with Retry-After)",
        security: bearerSecurity,
        response: { 204: z.null(), ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => {
      await emailVerification.resend({ userId: actorIdOf(request), client: sessionClientOf(request) });
      return reply.status(204).send(null);
    },
  );
};
