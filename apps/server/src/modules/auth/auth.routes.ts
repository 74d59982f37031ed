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
import { answer, describeFields, withExample } from "../api-document/api-document.js";
import {
  authResponseExample,
  changePasswordInputExample,
  changePasswordResponseExample,
  currentUserExample,
  googleSignInInputExample,
  secondFactorInputExample,
  signInInputExample,
  signInResponseExample,
  signUpInputExample,
  signUpResponseExample,
} from "../api-document/examples.js";
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
        summary: "Sign in with e-mail and password",
        description:
          "Opens a session and answers its token and the user. With two-factor sign-in on, the answer is `{mfa_required: true, ticket, methods}` and no token: the ticket goes to `signInSecondFactor` with a code, or to `signInSecondFactorWithPasskey`. A wrong e-mail or password is a 401, a deactivated " +
          "account a 403. Failed attempts are limited per e-mail and client address (5 in 15 minutes unless the server is set otherwise), per account (50 an hour) and per client address (100 in 15 minutes): past a limit the answer is a 429 with `Retry-After`. No token needed.",
        body: withExample(signInInputSchema, signInInputExample),
        response: {
          200: answer(signInResponseSchema, "Signed in, or the second step asked for", signInResponseExample),
          ...errorResponses(400, 401, 403, 429),
        },
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
        summary: "Second step of a sign-in",
        description:
          "Finishes a sign-in with the first step's ticket (valid 5 minutes, once) and a code of the authenticator app " +
          "or a recovery code (a recovery code works once). A wrong code is a 401 and counts as a failed sign-in; after " +
          "5 wrong codes, or once expired or used, the ticket has ended (400). A deactivated account is a 403. No token " +
          "needed.",
        body: withExample(secondFactorInputSchema, secondFactorInputExample),
        response: {
          200: answer(authResponseSchema, "Signed in: the session's token and the user", authResponseExample),
          ...errorResponses(400, 401, 403, 429),
        },
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
        summary: "Sign up",
        description:
          "Creates an account without organization and signs in; an e-mail that is already registered is a 409. The " +
          "password must not be too easy to guess (a common password, or one made of the name or e-mail, is a 400). " +
          "Without `language`, the request's `Accept-Language` chooses it. A verification link is mailed. An invited " +
          "address signs up like any other: the invitation is accepted through its link or in the app. No token needed.",
        body: withExample(withPasswordRule(signUpInputSchema), signUpInputExample),
        response: {
          201: answer(authResponseSchema, "The account created and signed in", signUpResponseExample),
          ...errorResponses(400, 409),
        },
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
        summary: "Sign in with Google",
        description:
          "Signs in with a Google ID token: the account of that Google user, else the account of its e-mail when Google " +
          "verified it, else a new account. Profile fields sent beside the token are ignored. A token that is not valid, " +
          "or an e-mail Google has not verified, is a 401; a deactivated account a 403; a server without Google sign-in " +
          "configured answers 503. With two-factor sign-in on, the answer is `{mfa_required: true, ticket, methods}` and no token: the ticket goes to `signInSecondFactor` with a code, or to `signInSecondFactorWithPasskey`. No token needed.",
        body: withExample(googleSignInInputSchema, googleSignInInputExample),
        response: {
          200: answer(signInResponseSchema, "Signed in, or the second step asked for", signInResponseExample),
          ...errorResponses(400, 401, 403, 503),
        },
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
        summary: "Get the signed-in user",
        description:
          "The signed-in user with their organization, role and preferences. `enrolment_required` is true when the " +
          "session was opened for enrolling a second factor only (the organization requires one): such a session " +
          "reaches only this call, the enrolment calls and sign-out. Any signed-in person.",
        security: bearerSecurity,
        response: { 200: answer(currentUserSchema, "The signed-in user", currentUserExample), ...errorResponses(401) },
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
        summary: "Ask for a password-reset link",
        description:
          "Mails a link to choose a new password, valid 60 minutes; only the newest link works. The answer comes at " +
          "once and is the same for every address, registered or not: the link is sent after it, at most 3 an hour to " +
          "one address and 20 an hour asked from one client address (beyond them nothing is sent). No token needed.",
        querystring: describeFields(lostPasswordQuerySchema, { email: "The e-mail address of the account" }),
        response: {
          200: answer(successResponseSchema, "Asked: a link is on its way if the address has an account", {
            success: true,
          }),
          ...errorResponses(400),
        },
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
        summary: "Choose a new password",
        description:
          "Sets a new password with the token of a reset link, ends the account's earlier sessions and signs in. A " +
          "used, expired or unknown token is a 400; the password rule is `signUp`'s. With two-factor sign-in on, the answer is `{mfa_required: true, ticket, methods}` and no token: the ticket goes to `signInSecondFactor` with a code, or to `signInSecondFactorWithPasskey`. An invitation link mailed " +
          "before invitations had their own page accepts its invitation. No token needed.",
        body: withExample(withPasswordRule(changePasswordInputSchema), changePasswordInputExample),
        response: {
          200: answer(
            changePasswordResponseSchema,
            "The new password set: signed in, or the second step asked for",
            changePasswordResponseExample,
          ),
          ...errorResponses(400),
        },
      },
    },
    async (request) => auth.changePassword({ ...request.body, client: sessionClientOf(request) }),
  );
};
