import type { IntegrationInput, PaymoTasksAnswer } from "@timetrap/domain";
import type { PaymoConnector } from "../../connectors/paymo.js";
import type { CredentialsConnector, IntegrationsService } from "./integrations.service.js";

export type PaymoService = ReturnType<typeof createPaymoService>;

/**
 * Paymo as a credentials service (spec §5: an API key): the key is kept as typed, checked with `GET /me`, whose user's
 * e-mail is shown beside the integration.
 */
export function paymoCredentials(paymo: Pick<PaymoConnector, "me">): CredentialsConnector {
  return {
    credentialOf(input: IntegrationInput) {
      if (input.service !== "paymo") return null;
      return { credential: input.auth_token, tokenType: "APIKEY", metadata: {} };
    },
    async check(apiKey) {
      const user = await paymo.me(apiKey);
      return { accountEmail: user.email };
    },
  };
}

/** The side panel's Paymo source (decision 032), always for the signed-in person and with their own key. */
export function createPaymoService({
  integrations,
  paymo,
}: {
  integrations: Pick<IntegrationsService, "withAccessToken">;
  paymo: Pick<PaymoConnector, "listTasks">;
}) {
  return {
    /** `GET connect/paymo/tasks`: the active projects and their incomplete tasks. */
    async listTasks({ actorId }: { actorId: string }): Promise<PaymoTasksAnswer> {
      return integrations.withAccessToken({ userId: actorId, service: "paymo" }, (apiKey) => paymo.listTasks(apiKey));
    },
  };
}
