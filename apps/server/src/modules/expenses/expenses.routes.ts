import { expenseInputSchema, expenseSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { expenseExample, expenseInputExample } from "../api-document/examples.js";
import type { ExpensesService } from "./expenses.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") });
const expenseParams = projectParams.extend({ expenseId: z.uuid().describe("The expense's id") });
const expenseBody = withExample(expenseInputSchema, expenseInputExample);

export const expensesRoutes: FastifyPluginAsyncZod<{
  expenses: ExpensesService;
  authenticate: Authenticate;
}> = async (app, { expenses, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/project/:id/expense",
    {
      schema: {
        operationId: "listProjectExpenses",
        tags,
        summary: "List a project's expenses",
        description:
          "The project's expenses, newest first. Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        response: {
          200: answer(z.array(expenseSchema), "The expenses", [expenseExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      expenses.listExpenses({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );

  app.post(
    "/organization/:orgId/project/:id/expense",
    {
      schema: {
        operationId: "createProjectExpense",
        tags,
        summary: "Add an expense",
        description:
          "Adds an expense to the project: an estimate, or a final balance (`is_final_balance`). An estimate is never " +
          "billable: `is_billable` is stored false for it. `amount` takes at most 2 decimals. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: projectParams,
        body: expenseBody,
        response: {
          201: answer(expenseSchema, "The expense added", expenseExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const expense = await expenses.createExpense({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(expense);
    },
  );

  app.patch(
    "/organization/:orgId/project/:id/expense/:expenseId",
    {
      schema: {
        operationId: "updateProjectExpense",
        tags,
        summary: "Replace an expense",
        description:
          "Replaces every field of the expense with those sent; an estimate is never billable. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: expenseParams,
        body: expenseBody,
        response: {
          200: answer(expenseSchema, "The expense as saved", expenseExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      expenses.updateExpense({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        expenseId: request.params.expenseId,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/project/:id/expense/:expenseId",
    {
      schema: {
        operationId: "deleteProjectExpense",
        tags,
        summary: "Delete an expense",
        description:
          "Deletes an expense of the project. Needs `edit` on `project`, or to be the project's manager; a project out of sight is a 404.",
        security: bearerSecurity,
        params: expenseParams,
        response: { 204: noContent("The expense was deleted"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await expenses.deleteExpense({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        projectId: request.params.id,
        expenseId: request.params.expenseId,
      });
      return reply.status(204).send(null);
    },
  );
};
