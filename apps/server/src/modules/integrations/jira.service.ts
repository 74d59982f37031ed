import type { IntegrationInput, JiraTasksAnswer } from "@timetrap/domain";
import { type JiraConnector, jiraCredentialText } from "../../connectors/jira.js";
import type { CredentialsConnector, IntegrationsService } from "./integrations.service.js";

export type JiraService = ReturnType<typeof createJiraService>;

/**
 * Jira as a credentials service (spec §5: the account's e-mail, the site and an API token): the three are kept sealed
 * together, checked with `GET /rest/api/3/myself` on the site (which is resolved and refused when private), and the
 * e-mail and site are shown beside the integration.
 */
export function jiraCredentials(jira: Pick<JiraConnector, "myself">): CredentialsConnector {
  return {
    credentialOf(input: IntegrationInput) {
      if (input.service !== "jira") return null;
      const { email, domain } = input.metadata;
      return {
        credential: jiraCredentialText({ domain, email, apiToken: input.auth_token }),
        tokenType: "Basic",
        metadata: { account_email: email, domain },
      };
    },
    async check(credential) {
      await jira.myself(credential);
      return { accountEmail: null };
    },
  };
}

/** The side panel's Jira source (decision 032), always for the signed-in person and with their own credential. */
export function createJiraService({
  integrations,
  jira,
}: {
  integrations: Pick<IntegrationsService, "withAccessToken">;
  jira: Pick<JiraConnector, "listIssues">;
}) {
  return {
    /** `GET connect/jira/tasks`: the person's open issues, most recently updated first. */
    async listTasks({ actorId }: { actorId: string }): Promise<JiraTasksAnswer> {
      const tasks = await integrations.withAccessToken({ userId: actorId, service: "jira" }, (credential) =>
        jira.listIssues(credential),
      );
      return { tasks };
    },
  };
}
