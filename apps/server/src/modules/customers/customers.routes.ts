import { customerInputSchema, customerSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import { customerExample, customerInputExample } from "../api-document/examples.js";
import type { CustomersService } from "./customers.service.js";

const tags = ["customers"];
const organizationParams = z.object({ orgId: organizationIdParam });
const customerParams = z.object({ orgId: organizationIdParam, id: z.uuid().describe("The customer's id") });
const customerBody = withExample(customerInputSchema, customerInputExample);
/** Who may write customers: they are written from the organization's pages and from the project form. */
const writeRight = (action: string) => `Needs \`edit\` on \`organization\`, or \`${action}\` on \`project\`.`;

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
        summary: "List customers",
        description: "The organization's customers, ordered by name (case ignored). Needs `read` on `organization`.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(customerSchema), "The customers", [customerExample]),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Add a customer",
        description: `Adds a customer to the organization. Blank optional fields are stored as null; the e-mail is stored in lower case. ${writeRight("create")}`,
        security: bearerSecurity,
        params: organizationParams,
        body: customerBody,
        response: {
          201: answer(customerSchema, "The customer added", customerExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Replace a customer",
        description: `Replaces every field of the customer with those sent: a field left out becomes null. ${writeRight("edit")}`,
        security: bearerSecurity,
        params: customerParams,
        body: customerBody,
        response: {
          200: answer(customerSchema, "The customer as saved", customerExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Delete a customer",
        description:
          "Deletes a customer that no project refers to (409 otherwise, with the number of projects). `slug` confirms " +
          "the deletion: the delete button's label and the customer's name, lower-cased, without accents and " +
          "punctuation, spaces as hyphens, in English or Italian (`delete-acme-srl` or `elimina-acme-srl` for " +
          `Acme S.r.l.); another slug is a 400. ${writeRight("delete")}`,
        security: bearerSecurity,
        params: customerParams,
        querystring: z.object({
          slug: z
            .string({ message: "Type the confirmation slug to delete the customer" })
            .max(500)
            .describe("The confirmation typed in the delete dialog, such as `delete-acme-srl`"),
        }),
        response: { 204: noContent("The customer was deleted"), ...errorResponses(400, 401, 403, 404, 409) },
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
