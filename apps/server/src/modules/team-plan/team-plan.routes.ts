import { longestTeamPlanDays, mostTeamPlanUsers, teamPlanQuerySchema, teamPlanSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { plainJson } from "../../http/plain-json.js";
import { answer, describeFields, organizationIdParam } from "../api-document/api-document.js";
import { teamPlanExample } from "../api-document/team-plan-examples.js";
import type { TeamPlanService } from "./team-plan.service.js";

const tags = ["team plan"];

export const teamPlanRoutes: FastifyPluginAsyncZod<{ teamPlan: TeamPlanService; authenticate: Authenticate }> = async (
  app,
  { teamPlan, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/team-plan",
    {
      schema: {
        operationId: "getTeamPlan",
        tags,
        summary: "Get the team plan",
        description:
          "Each person's days over a range: seconds planned (planning blocks, series occurrences included), seconds " +
          "logged (completed activities), the day's capacity (the contract's hours, 8 h Monday to Friday without one, " +
          "net of holidays and approved time off), the percentage planned of it and whether it is over capacity (any " +
          "planned time on a day without capacity is). The grid asks for a week, the capacity forecast for twelve " +
          "(84 days). Days are counted in each person's time zone, both ends included: `end_date` cannot be before " +
          `\`start_date\`, and the range covers at most ${longestTeamPlanDays} days. \`user_id\` names the people ` +
          `(at most ${mostTeamPlanUsers}, an inactive one answered with its status); without it, every active member. ` +
          "People come by name. A user who is not a member of the organization is a 404 naming them. Needs `read` " +
          "on `team`.",
        security: bearerSecurity,
        params: z.object({ orgId: organizationIdParam }),
        querystring: describeFields(teamPlanQuerySchema, {
          start_date: "The first day, `YYYY-MM-DD`",
          end_date: `The last day, \`YYYY-MM-DD\`, included; at most ${longestTeamPlanDays} days from \`start_date\``,
          user_id: `Only these members (at most ${mostTeamPlanUsers}): repeat the parameter for several; left out, every active member`,
        }),
        response: {
          200: answer(teamPlanSchema, "The team plan", teamPlanExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      serializerCompiler: plainJson,
    },
    async (request) =>
      teamPlan.teamPlan({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        query: request.query,
      }),
  );
};
