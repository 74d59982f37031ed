import { expenseInputSchema, expenseSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { ExpensesService } from "./expenses.service.js";

const tags = ["projects"];
const projectParams = z.object({ orgId: z.uuid(), id: z.uuid() });
const expenseParams = z.object({ orgId: z.uuid(), id: z.uuid(), expenseId: z.uuid() });

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
        summary: "A project's expenses, newest first (whoever sees the project)",
        security: bearerSecurity,
        params: projectParams,
        response: { 200: z.array(expenseSchema), ...errorResponses(400, 401, 404) },
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
        summary: "Add an expense to a project; an estimate is never billable (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: projectParams,
        body: expenseInputSchema,
        response: { 201: expenseSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Replace an expense's fields; an estimate is never billable (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: expenseParams,
        body: expenseInputSchema,
        response: { 200: expenseSchema, ...errorResponses(400, 401, 403, 404) },
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
        summary: "Delete an expense (needs edit on project, or managing it)",
        security: bearerSecurity,
        params: expenseParams,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404) },
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
