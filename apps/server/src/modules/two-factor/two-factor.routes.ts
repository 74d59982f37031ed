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
import { sessionClientOf } from "../sessions/session-client.js";
import type { TwoFactorService } from "./two-factor.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("No content") };

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
        summary:
          "Whether the signed-in person signs in with an authenticator app, and how many recovery codes are left",
        security: bearerSecurity,
        response: { 200: twoFactorStatusSchema, ...errorResponses(401) },
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
        summary:
          "A new authenticator secret to scan (as a QR code of `otpauth_url`) or type; replaces one set up and not confirmed. 409 when two-factor sign-in is already on",
        security: bearerSecurity,
        response: { 200: totpSetupResponseSchema, ...errorResponses(401, 409) },
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
        summary:
          "Turn two-factor sign-in on with a first code of the app; answers ten single-use recovery codes, shown this once",
        security: bearerSecurity,
        body: enableTotpInputSchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409) },
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
        summary:
          "Ten new recovery codes, with the password and a current code (a wrong one is a 400 and changes nothing); the earlier codes stop working",
        security: bearerSecurity,
        body: confirmTwoFactorInputSchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
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
        summary:
          "Turn two-factor sign-in with the authenticator app off, with the password and a current code (a wrong one is a 400 and changes nothing); 409 while the organization requires it and the app is the only second factor",
        security: bearerSecurity,
        body: confirmTwoFactorInputSchema,
        response: { ...noContent, ...errorResponses(400, 401, 409, 429) },
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
