import {
  authResponseSchema,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySignInInputSchema,
  registerPasskeyInputSchema,
  renamePasskeyInputSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, withExample } from "../api-document/api-document.js";
import {
  authResponseExample,
  passkeyCreationOptionsExample,
  passkeyExample,
  passkeyRequestOptionsExample,
  passkeySignInInputExample,
  passkeysExample,
  registerPasskeyInputExample,
} from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { PasskeysService } from "./passkeys.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("The passkey was removed") };
const passkeyParams = describeFields(passkeyParamsSchema, { id: "The passkey's id" });

export const passkeysRoutes: FastifyPluginAsyncZod<{ passkeys: PasskeysService; authenticate: Authenticate }> = async (
  app,
  { passkeys, authenticate },
) => {
  app.get(
    "/auth/passkeys",
    {
      onRequest: authenticate,
      schema: {
        operationId: "listPasskeys",
        tags,
        summary: "List one's passkeys",
        description:
          "The signed-in person's passkeys, oldest first; the keys themselves never leave the server. Only with a session's token: a personal access token cannot manage passkeys (403).",
        security: bearerSecurity,
        response: { 200: answer(passkeyListSchema, "The passkeys", passkeysExample), ...errorResponses(401, 403) },
      },
    },
    async (request) => passkeys.listPasskeys({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/passkeys/register/options",
    {
      onRequest: authenticate,
      schema: {
        operationId: "getPasskeyRegistrationOptions",
        tags,
        summary: "Start adding a passkey",
        description:
          "The options for `navigator.credentials.create`: a discoverable credential, the person's passkeys excluded. " +
          "The challenge works once, for 5 minutes. A session opened only for enrolling a second factor may call it too. Only with a session's token: a personal access token cannot manage passkeys (403).",
        security: bearerSecurity,
        response: {
          200: answer(passkeyCreationOptionsSchema, "The options for the browser", passkeyCreationOptionsExample),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => passkeys.registrationOptions({ userId: actorIdOf(request) }),
  );

  app.post(
    "/auth/passkeys/register/verify",
    {
      onRequest: authenticate,
      schema: {
        operationId: "registerPasskey",
        tags,
        summary: "Finish adding a passkey",
        description:
          "Adds a passkey from the browser's answer to the registration options, with a name. A response that does " +
          "not verify (another origin, an ended challenge) is a 400; a passkey already registered a 409. A first " +
          "second factor ends the enrolment a session was opened for. Only with a session's token: a personal access token cannot manage passkeys (403).",
        security: bearerSecurity,
        body: withExample(registerPasskeyInputSchema, registerPasskeyInputExample),
        response: {
          201: answer(passkeySchema, "The passkey added", passkeyExample),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await passkeys.registerPasskey({
          userId: actorIdOf(request),
          ...request.body,
          client: sessionClientOf(request),
        }),
      ),
  );

  app.patch(
    "/auth/passkeys/:id",
    {
      onRequest: authenticate,
      schema: {
        operationId: "renamePasskey",
        tags,
        summary: "Rename a passkey",
        description:
          "Renames one of the signed-in person's passkeys; another person's is a 404. Only with a session's token: a personal access token cannot manage passkeys (403).",
        security: bearerSecurity,
        params: passkeyParams,
        body: withExample(renamePasskeyInputSchema, { name: "Work laptop" }),
        response: {
          200: answer(passkeySchema, "The passkey as saved", { ...passkeyExample, name: "Work laptop" }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      passkeys.renamePasskey({
        userId: actorIdOf(request),
        id: request.params.id,
        name: request.body.name,
        client: sessionClientOf(request),
      }),
  );

  app.delete(
    "/auth/passkeys/:id",
    {
      onRequest: authenticate,
      schema: {
        operationId: "removePasskey",
        tags,
        summary: "Remove a passkey",
        description:
          "Removes one of the signed-in person's passkeys; another person's is a 404. Only with a session's token: a personal access token cannot manage passkeys (403).",
        security: bearerSecurity,
        params: passkeyParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await passkeys.removePasskey({
        userId: actorIdOf(request),
        id: request.params.id,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/auth/passkeys/sign-in/options",
    {
      schema: {
        operationId: "getPasskeySignInOptions",
        tags,
        summary: "Start a sign-in with a passkey",
        description:
          "The options for `navigator.credentials.get` for a sign-in with a passkey alone, naming no credential: the " +
          "browser offers the passkeys it holds for this site. Counted under the client address's sign-in limit (429 " +
          "with `Retry-After` past it); a sign-in that succeeds takes it back. No token needed.",
        response: {
          200: answer(passkeyRequestOptionsSchema, "The options for the browser", passkeyRequestOptionsExample),
          ...errorResponses(429),
        },
      },
    },
    async (request) => passkeys.signInOptions({ client: sessionClientOf(request) }),
  );

  app.post(
    "/auth/passkeys/sign-in/verify",
    {
      schema: {
        operationId: "signInWithPasskey",
        tags,
        summary: "Sign in with a passkey",
        description:
          "Signs in the person whose passkey signed the sign-in options' challenge, as a password sign-in does. A " +
          "passkey that is not registered, or an answer that does not verify, is a 400; a deactivated account a 403. Each " +
          "attempt counts under the client address's sign-in limit until it succeeds (429 past it). No token needed.",
        body: withExample(passkeySignInInputSchema, passkeySignInInputExample),
        response: {
          200: answer(authResponseSchema, "Signed in: the session's token and the user", authResponseExample),
          ...errorResponses(400, 403, 429),
        },
      },
    },
    async (request) => passkeys.signIn({ response: request.body.response, client: sessionClientOf(request) }),
  );
};
