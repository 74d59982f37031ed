import { userSchema, verifyEmailInputSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, withExample } from "../api-document/api-document.js";
import { userExample } from "../api-document/examples.js";
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
        summary: "Verify the e-mail address",
        description:
          "Follows a verification link (valid 48 hours, once): the account's e-mail becomes verified. Works without a " +
          "session, as the link may be opened on another device. A used, unknown, replaced or expired link is a 400 " +
          "`INVALID_TOKEN`. No token needed.",
        body: withExample(verifyEmailInputSchema, { token: "93yi-nv8T48-FWqEg0sloT8bGiOF1CbSnZ8B6S2QbLw" }),
        response: {
          200: answer(userSchema, "The user, with the e-mail verified", { ...userExample, email_verified: true }),
          ...errorResponses(400),
        },
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
        summary: "Send a new verification link",
        description:
          "Mails a new verification link to the signed-in person; earlier links stop working. Once the e-mail is " +
          "verified the answer is a 409. At most 3 an hour to one address and 20 an hour from one client address, " +
          "shared with password-reset links (429 with `Retry-After`). Any signed-in person.",
        security: bearerSecurity,
        response: { 204: noContent("The link was sent"), ...errorResponses(401, 409, 429) },
      },
    },
    async (request, reply) => {
      await emailVerification.resend({ userId: actorIdOf(request), client: sessionClientOf(request) });
      return reply.status(204).send(null);
    },
  );
};
