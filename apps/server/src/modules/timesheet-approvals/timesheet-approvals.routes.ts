import {
  periodStartSchema,
  timesheetApprovalRowSchema,
  timesheetApprovalsQuerySchema,
  timesheetApproveInputSchema,
  timesheetPeriodSchema,
  timesheetRejectInputSchema,
  timesheetReopenInputSchema,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  timesheetApprovalsExample,
  timesheetApproveInputExample,
  timesheetPeriodApprovedExample,
  timesheetPeriodOpenExample,
  timesheetPeriodRejectedExample,
  timesheetPeriodReopenedExample,
  timesheetPeriodSubmittedExample,
  timesheetRejectInputExample,
  timesheetReopenInputExample,
} from "../api-document/timesheet-approval-examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { TimesheetApprovalsService } from "./timesheet-approvals.service.js";

const tags = ["timesheet approvals"];
const periodStart = periodStartSchema.describe(
  "The period's first day, YYYY-MM-DD: a Monday when the organization approves by week, a 1st by month",
);
const personParams = z.object({ userId: z.uuid().describe("The id of the person whose timesheet it is"), periodStart });
const decisionParams = z.object({
  orgId: organizationIdParam,
  userId: z.uuid().describe("The id of the person whose timesheet it is"),
  periodStart,
});
const periodRule =
  "A period starts on a Monday (by week) or a 1st (by month), as the organization's `approval_period` says; another " +
  "start is a 400, unless a period starting then is stored (made when the organization approved by the other kind).";

export const timesheetApprovalsRoutes: FastifyPluginAsyncZod<{
  timesheetApprovals: TimesheetApprovalsService;
  authenticate: Authenticate;
}> = async (app, { timesheetApprovals, authenticate }) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/user/:userId/timesheet/:periodStart",
    {
      schema: {
        operationId: "getTimesheetPeriod",
        tags,
        summary: "Get a timesheet period's state",
        description:
          `The state of a person's period: \`open\` (never submitted, withdrawn or reopened), \`submitted\`, \`approved\` (its activities are locked) or \`rejected\`, with the last decision's note. ${periodRule} ` +
          "One's own, or another member's with `read` on `timesheet` (a user of another organization is a 404).",
        security: bearerSecurity,
        params: personParams,
        response: {
          200: answer(timesheetPeriodSchema, "The period", timesheetPeriodOpenExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timesheetApprovals.getPeriod({
        actorId: actorIdOf(request),
        userId: request.params.userId,
        periodStart: request.params.periodStart,
      }),
  );

  app.post(
    "/user/:userId/timesheet/:periodStart/submit",
    {
      schema: {
        operationId: "submitTimesheetPeriod",
        tags,
        summary: "Submit a timesheet period",
        description:
          `Submits one's own period for approval; it stays editable and can be withdrawn until it is approved or rejected. An open or rejected period can be submitted; another state is a 409. ${periodRule} ` +
          "Only the person themselves (another member is a 403, a user of another organization a 404).",
        security: bearerSecurity,
        params: personParams,
        response: {
          200: answer(timesheetPeriodSchema, "The period, submitted", timesheetPeriodSubmittedExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      timesheetApprovals.submit({
        actorId: actorIdOf(request),
        userId: request.params.userId,
        periodStart: request.params.periodStart,
      }),
  );

  app.post(
    "/user/:userId/timesheet/:periodStart/withdraw",
    {
      schema: {
        operationId: "withdrawTimesheetPeriod",
        tags,
        summary: "Withdraw a submitted timesheet period",
        description:
          "Takes one's own submitted period back: it is open again. A period that is not submitted is a 409. " +
          "Only the person themselves (another member is a 403, a user of another organization a 404).",
        security: bearerSecurity,
        params: personParams,
        response: {
          200: answer(timesheetPeriodSchema, "The period, open again", timesheetPeriodOpenExample),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      timesheetApprovals.withdraw({
        actorId: actorIdOf(request),
        userId: request.params.userId,
        periodStart: request.params.periodStart,
      }),
  );

  const decisions = [
    {
      action: "approve",
      operationId: "approveTimesheetPeriod",
      summary: "Approve a timesheet period",
      description:
        "Approves a submitted period, with an optional note: its activities are locked (creating, changing, moving, " +
        "deleting one of its days, or stopping a timer on one, answers 423) until it is reopened. A period not " +
        "submitted, or approved already, is a 409.",
      body: withExample(timesheetApproveInputSchema, timesheetApproveInputExample),
      example: timesheetPeriodApprovedExample,
      answered: "The period, approved",
    },
    {
      action: "reject",
      operationId: "rejectTimesheetPeriod",
      summary: "Reject a timesheet period",
      description:
        "Sends a submitted period back to the person with a note saying what to correct (required); they can submit it " +
        "again. A period not submitted is a 409.",
      body: withExample(timesheetRejectInputSchema, timesheetRejectInputExample),
      example: timesheetPeriodRejectedExample,
      answered: "The period, rejected",
    },
    {
      action: "reopen",
      operationId: "reopenTimesheetPeriod",
      summary: "Reopen an approved timesheet period",
      description:
        "Reopens an approved period, with the reason (required): it is open again and its activities can change. A " +
        "period that is not approved is a 409.",
      body: withExample(timesheetReopenInputSchema, timesheetReopenInputExample),
      example: timesheetPeriodReopenedExample,
      answered: "The period, open again",
    },
  ] as const;

  for (const decision of decisions) {
    app.post(
      `/organization/:orgId/timesheet/:userId/:periodStart/${decision.action}`,
      {
        schema: {
          operationId: decision.operationId,
          tags,
          summary: decision.summary,
          description:
            `${decision.description} Written to the audit log with the state and note before and after. ${periodRule} ` +
            "Needs `edit` on `timesheet`; the person must be a member of the organization (404 otherwise).",
          security: bearerSecurity,
          params: decisionParams,
          body: decision.body,
          response: {
            200: answer(timesheetPeriodSchema, decision.answered, decision.example),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        timesheetApprovals.decide({
          actorId: actorIdOf(request),
          organizationId: request.params.orgId,
          userId: request.params.userId,
          periodStart: request.params.periodStart,
          action: decision.action,
          note: request.body.note,
          client: sessionClientOf(request),
        }),
    );
  }

  app.get(
    "/organization/:orgId/timesheet-approvals",
    {
      schema: {
        operationId: "listTimesheetApprovals",
        tags,
        summary: "List the members' timesheet periods",
        description:
          "Every active member's period starting on `period_start` (a Monday by week, a 1st by month, as the " +
          "organization's `approval_period` says; another day is a 400), by name: its state, and the seconds logged, " +
          "the capacity (the reports' own figures, net of holidays and time off) and their difference. Needs `read` " +
          "on `timesheet`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam }),
        querystring: timesheetApprovalsQuerySchema,
        response: {
          200: answer(z.array(timesheetApprovalRowSchema), "The members' periods", timesheetApprovalsExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      timesheetApprovals.listApprovals({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        periodStart: request.query.period_start,
      }),
  );
};
