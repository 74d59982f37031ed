import { type JiraTasksAnswer, jiraTasksAnswerSchema } from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer } from "../api-document/api-document.js";
import type { JiraService } from "./jira.service.js";

const tags = ["integrations"];

const jiraTasksExample: JiraTasksAnswer = {
  tasks: [
    {
      id: "10042",
      key: "WEB-42",
      url: "https://acme.atlassian.net/browse/WEB-42",
      fields: {
        summary: "Checkout page fails on Safari",
        issuetype: {
          id: "10004",
          name: "Bug",
          iconUrl:
            "https://acme.atlassian.net/rest/api/2/universal_avatar/view/type/issuetype/avatar/10303?size=medium",
        },
      },
      description: "Steps:\n- add to cart\n- pay with a card",
    },
    {
      id: "10040",
      key: "WEB-40",
      url: "https://acme.atlassian.net/browse/WEB-40",
      fields: {
        summary: "One-step checkout",
        issuetype: {
          id: "10002",
          name: "Story",
          iconUrl:
            "https://acme.atlassian.net/rest/api/2/universal_avatar/view/type/issuetype/avatar/10315?size=medium",
        },
      },
      description: "",
    },
  ],
};

export const jiraRoutes: FastifyPluginAsyncZod<{ jira: JiraService; authenticate: Authenticate }> = async (
  app,
  { jira, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/connect/jira/tasks",
    {
      schema: {
        operationId: "listJiraTasks",
        tags,
        summary: "List the person's open Jira issues",
        description:
          "The issues assigned to the signed-in person on their Jira site and not done (`assignee = currentUser() AND " +
          "statusCategory != Done`), most recently updated first, every page of Jira's `search/jql` followed; with " +
          "each issue's type and its icon, the description as text and the issue's address on the site. Any signed-in " +
          "person, for themselves only. The site is resolved at each call and refused when it points at a private " +
          "address (400). Jira's failures: 409 `INTEGRATION_NOT_CONNECTED` (not connected) or " +
          "`INTEGRATION_NEEDS_RECONNECT` (Jira refused the stored token, which is then marked to connect again), 503 " +
          "`UPSTREAM_RATE_LIMITED`, 502 `UPSTREAM_ERROR`, 504 `UPSTREAM_TIMEOUT`, each with a message that starts " +
          "`Jira API: `.",
        security: bearerSecurity,
        response: {
          200: answer(jiraTasksAnswerSchema, "The person's open issues", jiraTasksExample),
          ...errorResponses(400, 401, 403, 404, 409, 502, 503, 504),
        },
      },
    },
    async (request) => jira.listTasks({ actorId: actorIdOf(request) }),
  );
};
