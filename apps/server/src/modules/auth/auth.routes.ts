import {
  authResponseSchema,
  changePasswordInputSchema,
  changePasswordResponseSchema,
  currentUserSchema,
  googleSignInInputSchema,
  lostPasswordQuerySchema,
  secondFactorInputSchema,
  signInInputSchema,
  signInResponseSchema,
  signUpInputSchema,
  successResponseSchema,
} from "@timetrap/domain";
import { withPasswordRule } from "@timetrap/domain/password-strength";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { AuthService } from "./auth.service.js";
import { preferredLanguage } from "./preferred-language.js";

const tags = ["auth"];

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; authenticate: Authenticate }> = async (
  app,
  { auth, authenticate },
) => {
  app.post(
    "/auth/basic",
    {
      schema: {
        operationId: "signIn",
        tags,
        summary:
          "Sign in with e-mail and password. With two-factor sign-in on, answers `{mfa_required: true, ticket, methods}` and no token: the ticket goes to `POST auth/basic/mfa` with a code",
        body: signInInputSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => auth.signIn({ ...request.body, client: sessionClientOf(request) }),
  );

  app.post(
    "/auth/basic/mfa",
    {
      schema: {
        operationId: "signInSecondFactor",
        tags,
        summary:
          "The second step of a sign-in: the first step's ticket (5 minutes, once) and a code of the authenticator app or a recovery code. A wrong code is a 401 and counts as a failed sign-in; after 5 the ticket ends (400)",
        body: secondFactorInputSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => auth.signInWithSecondFactor({ ...request.body, client: sessionClientOf(request) }),
  );

  app.post(
    "/auth/basic/signup",
    {
      schema: {
        operationId: "signUp",
        tags,
        summary:
          "Create an account without organization and sign in; an invited address included (the invitation is accepted through its link or in the app). Mails a verification link",
        body: withPasswordRule(signUpInputSchema),
        response: { 201: authResponseSchema, ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      const language = request.body.language ?? preferredLanguage(request.headers["accept-language"]);
      return reply.status(201).send(await auth.signUp({ ...request.body, language, client: sessionClientOf(request) }));
    },
  );

  app.post(
    "/auth/sign",
    {
      schema: {
        operationId: "signInWithGoogle",
        tags,
        summary:
          "Sign in with a Google ID token; profile fields sent beside it are ignored. With two-factor sign-in on, answers a ticket for `POST auth/basic/mfa`",
        body: googleSignInInputSchema,
        response: { 200: signInResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) =>
      auth.signInWithGoogle({
        credential: request.body.credential,
        language: preferredLanguage(request.headers["accept-language"]),
        client: sessionClientOf(request),
      }),
  );

  app.get(
    "/auth/me",
    {
      onRequest: authenticate,
      schema: {
        operationId: "getMe",
        tags,
        summary:
          "The signed-in user; `enrolment_required` when the session was opened for enrolling a second factor only",
        security: bearerSecurity,
        response: { 200: currentUserSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      ...(await auth.getCurrentUser({ userId: actorIdOf(request) })),
      enrolment_required: request.account?.enrolmentRequired ?? false,
    }),
  );

  app.get(
    "/auth/basic/lost-password",
    {
      schema: {
        operationId: "requestPasswordReset",
        tags,
        summary:
          "Send a password-reset link. Answers 200 at once, the same for every address, registered or not; the link is sent after the answer, at most 3 an hour to one address and 20 an hour asked from one client address (beyond them nothing is sent)",
        querystring: lostPasswordQuerySchema,
        response: { 200: successResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      auth.requestPasswordReset({ email: request.query.email, client: sessionClientOf(request) });
      return { success: true as const };
    },
  );

  app.post(
    "/auth/basic/change-password",
    {
      schema: {
        operationId: "resetPassword",
        tags,
        summary:
          "Choose a new password with the token of a reset link and sign in; earlier sessions end. With two-factor sign-in on, answers a ticket for `POST auth/basic/mfa` instead of a token. An invitation link e-mailed before invitations had their own page accepts its invitation",
        body: withPasswordRule(changePasswordInputSchema),
        response: { 200: changePasswordResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => auth.changePassword({ ...request.body, client: sessionClientOf(request) }),
  );
};
