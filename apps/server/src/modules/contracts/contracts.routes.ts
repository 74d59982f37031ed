import { contractInputSchema, contractSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { ContractsService } from "./contracts.service.js";

const tags = ["contracts"];

const userParams = z.object({ orgId: z.uuid(), userId: z.uuid() });
const contractParams = userParams.extend({ contractId: z.uuid() });

export const contractsRoutes: FastifyPluginAsyncZod<{
  contracts: ContractsService;
  authenticate: Authenticate;
}> = async (app, { contracts, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/user/:userId/contract",
    {
      schema: {
        operationId: "listContracts",
        tags,
        summary: "A user's contracts, newest first (needs read on user, or to be that user)",
        security: bearerSecurity,
        params: userParams,
        response: { 200: z.array(contractSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      contracts.listContracts({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
      }),
  );

  app.post(
    "/organization/:orgId/user/:userId/contract",
    {
      schema: {
        operationId: "createContract",
        tags,
        summary: "Add a contract; it may not share a day with another of the user's contracts (needs edit on user)",
        security: bearerSecurity,
        params: userParams,
        body: contractInputSchema,
        response: { 201: contractSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const contract = await contracts.createContract({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        input: request.body,
        client: sessionClientOf(request),
      });
      return reply.status(201).send(contract);
    },
  );

  app.patch(
    "/organization/:orgId/user/:userId/contract/:contractId",
    {
      schema: {
        operationId: "updateContract",
        tags,
        summary: "Replace a contract with the whole contract sent (needs edit on user)",
        security: bearerSecurity,
        params: contractParams,
        body: contractInputSchema,
        response: { 200: contractSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      contracts.updateContract({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        contractId: request.params.contractId,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );

  app.delete(
    "/organization/:orgId/user/:userId/contract/:contractId",
    {
      schema: {
        operationId: "deleteContract",
        tags,
        summary: "Delete a contract (needs edit on user)",
        security: bearerSecurity,
        params: contractParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await contracts.deleteContract({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        userId: request.params.userId,
        contractId: request.params.contractId,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );
};
