import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ConnectAnswer,
  connectAnswerSchema,
  type Integration,
  type IntegrationInput,
  type IntegrationService,
  type IntegrationSettingsPatch,
  integrationSchema,
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

/**
 * `POST user/{id}/integration` (spec part 1 §7, decision 032): the credentials services (Paymo's API key; Jira's e-mail,
 * site and API token). The server checks the credential with the service first: a refused one is a 400 that names the
 * service, and nothing is stored.
 */
export function createIntegration({
  userId,
  input,
}: {
  userId: string;
  input: IntegrationInput;
}): Promise<Integration> {
  return api.post(`${userPath(userId)}/integration`, { body: input, schema: integrationSchema });
}

/** Connecting changes the page's list and the session's user (the sidebar's entries), as disconnecting does. */
export function useCreateIntegration(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IntegrationInput) => createIntegration({ userId, input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationsKeys.ofUser(userId) }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]),
  });
}

/** `PATCH user/{id}/integration/{service}` (decision 032): the person's settings of a connected service. */
export function updateIntegrationSettings({
  userId,
  service,
  data,
}: {
  userId: string;
  service: IntegrationService;
  data: IntegrationSettingsPatch;
}): Promise<Integration> {
  return api.patch(`${userPath(userId)}/integration/${encodeURIComponent(service)}`, {
    body: data,
    schema: integrationSchema,
  });
}

/** The answer takes the integration's place in the page's list at once; the list is then asked again. */
export function useUpdateIntegrationSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ service, data }: { service: IntegrationService; data: IntegrationSettingsPatch }) =>
      updateIntegrationSettings({ userId, service, data }),
    onSuccess: (integration) =>
      queryClient.setQueryData<UserIntegrations>(integrationsKeys.ofUser(userId), (current) =>
        current
          ? {
              ...current,
              services: current.services.map((state) =>
                state.service === integration.service ? { ...state, integration } : state,
              ),
            }
          : current,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.ofUser(userId) }),
  });
}
