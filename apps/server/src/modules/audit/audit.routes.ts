import { auditPageSchema, auditQuerySchema, securityEventsQuerySchema } from "@timetrap/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { wantsCsv } from "../../http/csv-export.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, organizationIdParam } from "../api-document/api-document.js";
import { auditPageExample, securityEventsExample } from "../api-document/examples.js";
import type { AuditLogService } from "./audit.service.js";

/** A CSV answer goes out as the text it is: the JSON serializer of the route is for the JSON answer. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}.csv"`)
    .serializer((payload: unknown) => String(payload))
    .send(csv);
}

export const auditRoutes: FastifyPluginAsyncZod<{ auditLog: AuditLogService; authenticate: Authenticate }> = async (
  app,
  { auditLog, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/audit",
    {
      schema: {
        operationId: "listAuditEvents",
        tags: ["audit"],
        summary: "List the audit log",
        description:
          "The organization's audit log, newest first, a page at a time: `next` is the cursor of the following page. " +
          "Filtered by kinds, people (as actor or as the person concerned) and a period of days in the reader's time " +
          "zone, both ends included: `end_date` cannot be before `start_date`, and the period covers at most 366 days. " +
          "With `format=csv` or `Accept: text/csv`, every event of the filtered period as CSV (separator ;, byte-order " +
          "mark). Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam }),
        querystring: describeFields(auditQuerySchema, {
          kind: "Only events of these kinds: repeat the parameter for several",
          user_id: "Only events these users did or that concern them: repeat the parameter for several",
          start_date: "The first day, `YYYY-MM-DD`, in the reader's time zone",
          end_date: "The last day, `YYYY-MM-DD`, included; at most 366 days after `start_date`",
          cursor: "The `next` of the previous page; leave it out for the first page",
          limit: "Events per page, 1 to 200",
          format: "`csv` for the CSV export of the whole filtered period; `json` or left out: a page",
        }),
        response: {
          200: answer(auditPageSchema, "A page of events (as CSV: every event of the period)", auditPageExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const options = {
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        query: request.query,
        timeZone: request.account?.preferences.timeZone ?? null,
      };
      if (wantsCsv(request.query.format, request.headers.accept)) {
        const csv = await auditLog.organizationEventsCsv(options);
        return sendCsv(reply, `audit-${options.query.start_date}-${options.query.end_date}`, csv);
      }
      return auditLog.listOrganizationEvents(options);
    },
  );

  app.get(
    "/auth/security-events",
    {
      schema: {
        operationId: "listMySecurityEvents",
        tags: ["auth"],
        summary: "List one's security events",
        description:
          "The signed-in person's own security events (sign-ins, failures, sign-outs, password, second-factor, session " +
          "and access-token changes), newest first, a page at a time: `next` is the cursor of the following page. Any " +
          "signed-in person.",
        security: bearerSecurity,
        querystring: describeFields(securityEventsQuerySchema, {
          cursor: "The `next` of the previous page; leave it out for the first page",
          limit: "Events per page, 1 to 200",
        }),
        response: {
          200: answer(auditPageSchema, "A page of events", securityEventsExample),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => auditLog.listSecurityEvents({ userId: actorIdOf(request), query: request.query }),
  );
};
