import {
  projectReportQuerySchema,
  projectReportSchema,
  projectStatisticsSchema,
  reportPeriodQuerySchema,
  teamReportSchema,
  timesheetQuerySchema,
  timesheetSchema,
  userReportSchema,
} from "@timetrap/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { plainJson, sendJsonBytes } from "../../http/plain-json.js";
import type { ReportsService } from "./reports.service.js";

const tags = ["reports"];
const csvNote = "With `format=csv` or `Accept: text/csv`, the same as CSV (separator ;, byte-order mark).";

/** The CSV export is asked for by the query or by the Accept header, as a spreadsheet or a script would. */
function wantsCsv(request: FastifyRequest, format: string | undefined): boolean {
  if (format) return format === "csv";
  return /\btext\/csv\b/i.test(request.headers.accept ?? "");
}

/** A CSV answer goes out as the text it is: the JSON serializer of the route is for the JSON answer. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}.csv"`)
    .serializer((payload: unknown) => String(payload))
    .send(csv);
}

export const reportsRoutes: FastifyPluginAsyncZod<{
  reports: ReportsService;
  authenticate: Authenticate;
}> = async (app, { reports, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/report/timesheet",
    {
      schema: {
        operationId: "getTimesheetReport",
        tags,
        summary: `The timesheet of the actor's organization over at most 366 days, byDay, byProject or byClient (needs read on timesheet). ${csvNote}`,
        security: bearerSecurity,
        querystring: timesheetQuerySchema,
        response: { 200: timesheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const { query } = request;
      const actorId = actorIdOf(request);
      if (wantsCsv(request, query.format)) {
        const csv = await reports.timesheetCsv({ actorId, query });
        return sendCsv(reply, `timesheet-${query.timesheet_type}-${query.start_date}-${query.end_date}`, csv);
      }
      return sendJsonBytes(reply, await reports.timesheetJson({ actorId, query }));
    },
  );

  app.get(
    "/report/team",
    {
      schema: {
        operationId: "getTeamReport",
        tags,
        summary:
          "The team report of the actor's organization: one row per active user (needs read on team and the plan's TEAM_DASHBOARD unit)",
        security: bearerSecurity,
        querystring: reportPeriodQuerySchema,
        response: { 200: teamReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request) => reports.teamReport({ actorId: actorIdOf(request), query: request.query }),
  );

  app.get(
    "/report/user/:id",
    {
      schema: {
        operationId: "getUserReport",
        tags,
        summary: "A user's days: hours, percentage of capacity, logged, billable, planned (oneself, or read on team)",
        security: bearerSecurity,
        params: z.object({ id: z.uuid() }),
        querystring: reportPeriodQuerySchema,
        response: { 200: userReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request) =>
      reports.userReport({ actorId: actorIdOf(request), userId: request.params.id, query: request.query }),
  );

  app.get(
    "/organization/:orgId/project/:id/report",
    {
      schema: {
        operationId: "listProjectTimeEntries",
        tags,
        summary: `The project's time entries, a page at a time, newest first or by sort and direction (whoever sees the project). ${csvNote} The CSV has every entry, in the same order.`,
        security: bearerSecurity,
        params: z.object({ orgId: z.uuid(), id: z.uuid() }),
        querystring: projectReportQuerySchema,
        response: { 200: projectReportSchema, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const actorId = actorIdOf(request);
      const { orgId: organizationId, id: projectId } = request.params;
      if (wantsCsv(request, request.query.format)) {
        const csv = await reports.projectReportCsv({ actorId, organizationId, projectId, query: request.query });
        return sendCsv(reply, `project-${projectId}-activities`, csv);
      }
      return reports.projectReport({ actorId, organizationId, projectId, query: request.query });
    },
  );

  app.get(
    "/user/:userId/organization/:orgId/project/:id/hours",
    {
      schema: {
        operationId: "getProjectStatistics",
        tags,
        summary:
          "The project's statistics: budget, margins, confirmed, unconfirmed and planned hours and costs, the cost forecast, plan versus actual, budget runway and overhead share (whoever sees the project; today in the user's time zone)",
        security: bearerSecurity,
        params: z.object({ userId: z.uuid(), orgId: z.uuid(), id: z.uuid() }),
        response: { 200: projectStatisticsSchema, ...errorResponses(400, 401, 404) },
      },
      serializerCompiler: plainJson,
    },
    async (request) =>
      reports.projectStatistics({
        actorId: actorIdOf(request),
        userId: request.params.userId,
        organizationId: request.params.orgId,
        projectId: request.params.id,
      }),
  );
};
