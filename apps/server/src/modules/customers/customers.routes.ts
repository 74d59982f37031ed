import { customerInputSchema, customerSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import type { CustomersService } from "./customers.service.js";

const tags = ["customers"];
const organizationParams = z.object({ orgId: z.uuid() });
const customerParams = z.object({ orgId: z.uuid(), id: z.uuid() });

export const customersRoutes: FastifyPluginAsyncZod<{
  customers: CustomersService;
  authenticate: Authenticate;
}> = async (app, { customers, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/customer",
    {
      schema: {
        operationId: "listCustomers",
        tags,
        summary: "The organization's customers by name (needs read on organization)",
        security: bearerSecurity,
        params: organizationParams,
        response: { 200: z.array(customerSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => customers.listCustomers({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/customer",
    {
      schema: {
        operationId: "createCustomer",
        tags,
        summary: "Add a customer (needs edit on organization or create on project)",
        security: bearerSecurity,
        params: organizationParams,
        body: customerInputSchema,
        response: { 201: customerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const customer = await customers.createCustomer({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
      });
      return reply.status(201).send(customer);
    },
  );

  app.patch(
    "/organization/:orgId/customer/:id",
    {
      schema: {
        operationId: "updateCustomer",
        tags,
        summary: "Replace a customer's fields (needs edit on organization or edit on project)",
        security: bearerSecurity,
        params: customerParams,
        body: customerInputSchema,
        response: { 200: customerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      customers.updateCustomer({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        customerId: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    "/organization/:orgId/customer/:id",
    {
      schema: {
        operationId: "deleteCustomer",
        tags,
        summary:
          "Delete a customer no project refers to; `slug` is the confirmation typed in the dialog, such as delete-acme-srl (needs edit on organization or delete on project)",
        security: bearerSecurity,
        params: customerParams,
        querystring: z.object({
          slug: z.string({ message: "Type the confirmation slug to delete the customer" }).max(500),
        }),
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await customers.deleteCustomer({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        customerId: request.params.id,
        slug: request.query.slug,
      });
      return reply.status(204).send(null);
    },
  );
};
