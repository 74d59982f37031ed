import {
  authResponseSchema,
  passkeyRequestOptionsSchema,
  passkeySecondFactorInputSchema,
  passkeySecondFactorOptionsInputSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../http/error-handler.js";
import { answer, withExample } from "../api-document/api-document.js";
import {
  authResponseExample,
  passkeySecondFactorInputExample,
  passkeySecondFactorOptionsExample,
} from "../api-document/examples.js";
import type { AuthService } from "../auth/auth.service.js";
import type { PasskeysService } from "../passkeys/passkeys.service.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { TwoFactorService } from "./two-factor.service.js";

const tags = ["auth"];

/**
 * The second step of a sign-in with a passkey (decisions 018 and 019): the ticket of the first step names the person,
 * whose passkeys alone the ceremony offers. Public: the ticket is the credential, and no session exists yet.
 */
export const passkeySecondFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  auth: AuthService;
}> = async (app, { twoFactor, passkeys, auth }) => {
  app.post(
    "/auth/basic/mfa/passkey/options",
    {
      schema: {
        operationId: "getPasskeySecondFactorOptions",
        tags,
        summary: "Start the second step with a passkey",
        description:
          "The options for `navigator.credentials.get` to confirm a sign-in with one of the person's passkeys, whom the " +
          "first step's live ticket names. An ended ticket, or a person without a passkey, is a 400. No token needed.",
        security: [],
        body: withExample(passkeySecondFactorOptionsInputSchema, { ticket: passkeySecondFactorInputExample.ticket }),
        response: {
          200: answer(passkeyRequestOptionsSchema, "The options for the browser", passkeySecondFactorOptionsExample),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const { userId } = await twoFactor.ticketHolder({ ticket: request.body.ticket });
      return passkeys.secondFactorOptions({ userId });
    },
  );

  app.post(
    "/auth/basic/mfa/passkey",
    {
      schema: {
        operationId: "signInSecondFactorWithPasskey",
        tags,
        summary: "Second step of a sign-in with a passkey",
        description:
          "Finishes a sign-in with the ticket and a passkey's assertion over the options' challenge. A passkey refused " +
          "(another account's, a replayed or cross-origin assertion) is a 401 and counts as a failed sign-in; after 5 the " +
          "ticket ends (400). A deactivated account is a 403. No token needed.",
        security: [],
        body: withExample(passkeySecondFactorInputSchema, passkeySecondFactorInputExample),
        response: {
          200: answer(authResponseSchema, "Signed in: the session's token and the user", authResponseExample),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => {
      const client = sessionClientOf(request);
      const { ticket, response } = request.body;
      const { account } = await twoFactor.completeSecondFactor({
        ticket,
        client,
        passkey: (userId) => passkeys.verifySecondFactor({ userId, response }),
      });
      return auth.signInAs({ account, client });
    },
  );
};
