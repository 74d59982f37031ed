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
import { sessionClientOf } from "../sessions/session-client.js";
import type { PasskeysService } from "./passkeys.service.js";

const tags = ["auth"];
const noContent = { 204: z.null().describe("No content") };

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
        summary: "The signed-in person's passkeys, oldest first; the keys themselves are never answered",
        security: bearerSecurity,
        response: { 200: passkeyListSchema, ...errorResponses(401) },
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
        summary:
          "Start adding a passkey: the options for navigator.credentials.create (a discoverable credential, the person's passkeys excluded). The challenge works once, for 5 minutes",
        security: bearerSecurity,
        response: { 200: passkeyCreationOptionsSchema, ...errorResponses(401, 404) },
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
        summary: "Finish adding a passkey with the browser's answer to the options, and name it",
        security: bearerSecurity,
        body: registerPasskeyInputSchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 409) },
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
        summary: "Rename one of the signed-in person's passkeys (another person's passkey id is not found)",
        security: bearerSecurity,
        params: passkeyParamsSchema,
        body: renamePasskeyInputSchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 404) },
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
        summary: "Remove one of the signed-in person's passkeys (another person's passkey id is not found)",
        security: bearerSecurity,
        params: passkeyParamsSchema,
        response: { ...noContent, ...errorResponses(400, 401, 404) },
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
        summary:
          "Start a sign-in with a passkey alone: the options for navigator.credentials.get, naming no credential. Counted under the client address's sign-in limit; a sign-in that succeeds takes it back",
        response: { 200: passkeyRequestOptionsSchema, ...errorResponses(429) },
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
        summary:
          "Sign in with the browser's answer to the sign-in options; answers as a password sign-in does. Each attempt counts under the client address's sign-in limit until it succeeds",
        body: passkeySignInInputSchema,
        response: { 200: authResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => passkeys.signIn({ response: request.body.response, client: sessionClientOf(request) }),
  );
};
