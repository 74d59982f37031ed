import {
  confirmTwoFactorInputSchema,
  enableTotpInputSchema,
  recoveryCodesResponseSchema,
  totpSetupResponseSchema,
  twoFactorStatusSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, withExample } from "../api-document/api-document.js";
import {
  confirmTwoFactorInputExample,
  enableTotpInputExample,
  recoveryCodesExample,
  totpSetupExample,
  twoFactorStatusExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { TwoFactorService } from "./two-factor.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("Two-factor sign-in with the app is off") };

export const twoFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  authenticate: Authenticate;
}> = async (app, { twoFactor, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/auth/totp",
    {
      schema: {
        operationId: "getTwoFactorStatus",
        tags,
        summary: "Get one's two-factor sign-in",
        description:
          "Whether the signed-in person signs in with an authenticator app, how many recovery codes are left, whether " +
          "the account has a password, and whether the organization requires a second factor. Only with a session's token: a personal access token cannot change two-factor sign-in (403).",
        security: bearerSecurity,
        response: {
          200: answer(twoFactorStatusSchema, "The two-factor sign-in state", twoFactorStatusExample),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => twoFactor.getStatus({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/totp/setup",
    {
      schema: {
        operationId: "setUpAuthenticatorApp",
        tags,
        summary: "Set up an authenticator app",
        description:
          "A new authenticator secret to scan (as a QR code of `otpauth_url`) or type; it replaces one set up and not " +
          "confirmed. Two-factor sign-in turns on only with `enableAuthenticatorApp`. A 409 when it is already on. " +
          "A session opened only for enrolling a second factor may call it too. Only with a session's token: a personal access token cannot change two-factor sign-in (403).",
        security: bearerSecurity,
        response: {
          200: answer(totpSetupResponseSchema, "The secret to add to the app", totpSetupExample),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request) => twoFactor.setupTotp({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/totp/enable",
    {
      schema: {
        operationId: "enableAuthenticatorApp",
        tags,
        summary: "Turn on the authenticator app",
        description:
          "Turns two-factor sign-in on with a first code of the app set up by `setUpAuthenticatorApp`, and answers ten " +
          "single-use recovery codes, shown this once. A wrong code is a 400; no app set up, or already on, a 409. A " +
          "first second factor ends the enrolment a session was opened for. Only with a session's token: a personal access token cannot change two-factor sign-in (403).",
        security: bearerSecurity,
        body: withExample(enableTotpInputSchema, enableTotpInputExample),
        response: {
          200: answer(recoveryCodesResponseSchema, "The recovery codes", recoveryCodesExample),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request) =>
      twoFactor.enableTotp({ userId: actorIdOf(request), input: request.body, client: sessionClientOf(request) }),
  );

  app.post(
    "/auth/totp/recovery-codes",
    {
      schema: {
        operationId: "regenerateRecoveryCodes",
        tags,
        summary: "Make new recovery codes",
        description:
          "Ten new recovery codes; the earlier ones stop working. Confirmed with the password (when the account has one) and a current code or a recovery code: a wrong one is a 400 and changes nothing; attempts count under the sign-in limits (429 with `Retry-After` past them). A 409 when the authenticator app is off. " +
          "Only with a session's token: a personal access token cannot change two-factor sign-in (403).",
        security: bearerSecurity,
        body: withExample(confirmTwoFactorInputSchema, confirmTwoFactorInputExample),
        response: {
          200: answer(recoveryCodesResponseSchema, "The new recovery codes", recoveryCodesExample),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
    },
    async (request) =>
      twoFactor.regenerateRecoveryCodes({
        userId: actorIdOf(request),
        input: request.body,
        client: sessionClientOf(request),
      }),
  );

  app.post(
    "/auth/totp/disable",
    {
      schema: {
        operationId: "disableAuthenticatorApp",
        tags,
        summary: "Turn off the authenticator app",
        description:
          "Turns two-factor sign-in with the authenticator app off. Confirmed with the password (when the account has one) and a current code or a recovery code: a wrong one is a 400 and changes nothing; attempts count under the sign-in limits (429 with `Retry-After` past them). A 409 when it is off, or while the " +
          "organization requires a second factor and the app is the only one. Only with a session's token: a personal access token cannot change two-factor sign-in (403).",
        security: bearerSecurity,
        body: withExample(confirmTwoFactorInputSchema, confirmTwoFactorInputExample),
        response: { ...noContent, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      await twoFactor.disableTotp({
        userId: actorIdOf(request),
        input: request.body,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );
};
