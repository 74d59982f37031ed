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
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { wantsCsv } from "../../http/csv-export.js";
import { errorResponses } from "../../http/error-handler.js";
import { plainJson, sendJsonBytes } from "../../http/plain-json.js";
import { answer, describeFields, organizationIdParam } from "../api-document/api-document.js";
import {
  projectReportExample,
  projectStatisticsExample,
  teamReportExample,
  timesheetExample,
  userReportExample,
} from "../api-document/examples.js";
import type { ReportsService } from "./reports.service.js";

const tags = ["reports"];
const csvNote = "With `format=csv` or `Accept: text/csv`, the same as CSV (separator ;, byte-order mark).";
const csvFormat = "`csv` for the CSV export; `json` or left out: JSON";
const periodDescriptions = {
  start_date: "The first day, `YYYY-MM-DD`",
  end_date: "The last day, `YYYY-MM-DD`, included; at most 366 days after `start_date`",
};

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
        summary: "Get the timesheet",
        description:
          "The timesheet of the caller's organization over a period: `byDay` one row per person and day with logged " +
          "time, `byProject` per person, day and project, `byClient` per person, day and customer, with each person's " +
          "totals beside their contractual time. `user_id`, `project_id` and `customer_id` narrow it (at most 500 ids " +
          "each; one that is not the organization's is a 404). The period's days are counted in each person's time zone, both ends included: `end_date` cannot be before `start_date`, and the period covers at most 366 days. " +
          csvNote +
          " Needs `read` on `timesheet`.",
        security: bearerSecurity,
        querystring: describeFields(timesheetQuerySchema, {
          ...periodDescriptions,
          timesheet_type: "`byDay` (the default), `byProject` or `byClient`",
          user_id: "Only these users: repeat the parameter for several",
          project_id: "Only the time of these projects: repeat the parameter for several",
          customer_id: "Only the time of these customers' projects: repeat the parameter for several",
          format: csvFormat,
        }),
        response: {
          200: answer(timesheetSchema, "The timesheet", timesheetExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const { query } = request;
      const actorId = actorIdOf(request);
      if (wantsCsv(query.format, request.headers.accept)) {
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
        summary: "Get the team report",
        description:
          "The team report of the caller's organization over a period: one row per active user, by name, with logged, " +
          "billable and planned time, capacity, cost, time by task category and plan versus actual, and the team's " +
          "totals. The period's days are counted in each person's time zone, both ends included: `end_date` cannot be before `start_date`, and the period covers at most 366 days. Needs `read` on `team`, and a plan with the TEAM_DASHBOARD unit (403 otherwise).",
        security: bearerSecurity,
        querystring: describeFields(reportPeriodQuerySchema, periodDescriptions),
        response: {
          200: answer(teamReportSchema, "The team report", teamReportExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "Get a user's report",
        description:
          "A user's days over a period: hours, percentage of the day's capacity, logged, billable and planned time, and " +
          "the period's totals. The period's days are counted in each person's time zone, both ends included: `end_date` cannot be before `start_date`, and the period covers at most 366 days. The user themself, or `read` on `team` for another member (a user of another " +
          "organization is a 404).",
        security: bearerSecurity,
        params: z.object({ id: z.uuid().describe("The user's id") }),
        querystring: describeFields(reportPeriodQuerySchema, periodDescriptions),
        response: {
          200: answer(userReportSchema, "The user's report", userReportExample),
          ...errorResponses(400, 401, 403, 404),
        },
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
        summary: "List a project's time entries",
        description:
          "The project's time entries (completed activities), a page at a time, newest first or by `sort` and " +
          "`direction`, with the number and time of all of them. " +
          csvNote +
          " The CSV has every entry, in the same " +
          "order. Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam, id: z.uuid().describe("The project's id") }),
        querystring: describeFields(projectReportQuerySchema, {
          page: "The page, from 1",
          page_size: "Entries per page, 1 to 500",
          format: csvFormat,
        }),
        response: {
          200: answer(projectReportSchema, "A page of the project's entries", projectReportExample),
          ...errorResponses(400, 401, 404),
        },
      },
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      const actorId = actorIdOf(request);
      const { orgId: organizationId, id: projectId } = request.params;
      if (wantsCsv(request.query.format, request.headers.accept)) {
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
        summary: "Get a project's statistics",
        description:
          "The project's budget and margins, confirmed, unconfirmed and planned hours and their costs, the cost " +
          "forecast by day, plan versus actual, the budget's runway and the overheads' share. Today is taken in the time " +
          "zone of the user the path names, a member of the organization (another is a 404). Whoever sees the project: `read` on `project`, or its manager or a member; a project out of sight is a 404.",
        security: bearerSecurity,
        params: z.object({
          userId: z.uuid().describe("The member in whose time zone today is taken (usually the caller)"),
          orgId: organizationIdParam,
          id: z.uuid().describe("The project's id"),
        }),
        response: {
          200: answer(projectStatisticsSchema, "The project's statistics", projectStatisticsExample),
          ...errorResponses(400, 401, 404),
        },
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
