import { contractInputSchema, contractSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { contractExample, contractInputExample } from "../api-document/examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { ContractsService } from "./contracts.service.js";

const tags = ["contracts"];

const userParams = z.object({ orgId: organizationIdParam, userId: z.uuid().describe("The user's id") });
const contractParams = userParams.extend({ contractId: z.uuid().describe("The contract's id") });
const contractBody = withExample(contractInputSchema, contractInputExample);

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
        summary: "List a user's contracts",
        description: "A user's contracts, the latest first. The user themself, or `read` on `user`.",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: answer(z.array(contractSchema), "The contracts", [contractExample]),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Add a contract",
        description:
          "Adds a contract to a member of the organization. A full-time contract gives its daily hours in " +
          "`contractual_hours` (Monday to Friday) and no `contractual_hours_by_day`; a part-time one gives the hours of " +
          "each weekday in `contractual_hours_by_day`. `to_date` cannot be before `from_date` (null: no end), " +
          "`hourly_cost` takes at most 2 decimals and `productivity_target` 1. A contract that shares a day with another " +
          "of the user's is a 409. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: userParams,
        body: contractBody,
        response: {
          201: answer(contractSchema, "The contract added", contractExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
        summary: "Replace a contract",
        description:
          "Replaces the contract with the whole contract sent, under the rules of `createContract`. Needs `edit` on " +
          "`user`.",
        security: bearerSecurity,
        params: contractParams,
        body: contractBody,
        response: {
          200: answer(contractSchema, "The contract as saved", contractExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
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
        summary: "Delete a contract",
        description: "Deletes a contract of the user. Needs `edit` on `user`.",
        security: bearerSecurity,
        params: contractParams,
        response: { 204: noContent("The contract was deleted"), ...errorResponses(400, 401, 403, 404) },
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
