import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ConnectAnswer,
  connectAnswerSchema,
  type IntegrationService,
  type UserIntegrations,
  userIntegrationsSchema,
} from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getMeQueryOptions } from "./get-me";

const userPath = (userId: string) => `/user/${encodeURIComponent(userId)}`;

/** Query keys of a person's integrations: connecting or disconnecting one changes the list. */
export const integrationsKeys = {
  all: ["integrations"] as const,
  ofUser: (userId: string) => ["integrations", userId] as const,
};

/**
 * Every service of the integrations page (decision 029): how it connects, whether it can on this server and why not,
 * the person's integration (never its credential), and the plan's INTEGRATION unit. Only for the person themself.
 */
export function getUserIntegrations({
  userId,
  signal,
}: {
  userId: string;
  signal?: AbortSignal;
}): Promise<UserIntegrations> {
  return api.get(`${userPath(userId)}/integrations`, { schema: userIntegrationsSchema, signal });
}

export function getUserIntegrationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: integrationsKeys.ofUser(userId),
    queryFn: ({ signal }) => getUserIntegrations({ userId, signal }),
  });
}

export function useUserIntegrations(userId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getUserIntegrationsQueryOptions(userId), enabled: options.enabled ?? true });
}

/**
 * Spec part 1 §7 `DELETE user/{id}/integration/{service}`: the integration is removed and its token revoked at the
 * service (by the server).
 */
export function deleteIntegration({ userId, service }: { userId: string; service: IntegrationService }) {
  return api.delete<void>(`${userPath(userId)}/integration/${encodeURIComponent(service)}`);
}

/**
 * Disconnecting changes the page's list and the session's user, whose `integrations` the sidebar draws one entry each
 * from.
 */
export function useDeleteIntegration(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: IntegrationService) => deleteIntegration({ userId, service }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsKeys.ofUser(userId) }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]),
  });
}

/**
 * `GET connect/{service}`: the service's consent page, with a single-use `state` bound to the signed-in person that
 * lives 10 minutes. Asked for at each click, never cached: each answer is a new authorization.
 */
export function getConnectUrl({ service }: { service: IntegrationService }): Promise<ConnectAnswer> {
  return api.get(`/connect/${encodeURIComponent(service)}`, { schema: connectAnswerSchema });
}

export function useConnectUrl() {
  return useMutation({ mutationFn: (service: IntegrationService) => getConnectUrl({ service }) });
}
