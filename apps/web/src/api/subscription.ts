import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type OrganizationSubscription,
  organizationSubscriptionSchema,
  type SubscriptionPlans,
  subscriptionPlansSchema,
} from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getMeQueryOptions } from "./get-me";

const organizationPath = (orgId: string) => `/organization/${encodeURIComponent(orgId)}`;

/** Query keys of the plans on offer and of an organization's subscription (its plan, status and usage). */
export const subscriptionKeys = {
  plans: ["subscription", "plans"] as const,
  ofOrganization: (orgId: string) => ["subscription", "organization", orgId] as const,
};

/** Spec part 2 §7 `GET subscription`: the plans, and whether this server takes payments (and with which Paddle). */
export function getSubscriptionPlans({ signal }: { signal?: AbortSignal } = {}): Promise<SubscriptionPlans> {
  return api.get("/subscription", { schema: subscriptionPlansSchema, signal });
}

export function getSubscriptionPlansQueryOptions() {
  return queryOptions({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => getSubscriptionPlans({ signal }),
  });
}

export function useSubscriptionPlans() {
  return useQuery(getSubscriptionPlansQueryOptions());
}

/** `GET organization/{orgId}/subscription`: the organization's plan, its Paddle subscription and its usage. */
export function getOrganizationSubscription({
  orgId,
  signal,
}: {
  orgId: string;
  signal?: AbortSignal;
}): Promise<OrganizationSubscription> {
  return api.get(`${organizationPath(orgId)}/subscription`, { schema: organizationSubscriptionSchema, signal });
}

export function getOrganizationSubscriptionQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.ofOrganization(orgId),
    queryFn: ({ signal }) => getOrganizationSubscription({ orgId, signal }),
  });
}

/**
 * The organization's subscription; `pollMs` asks again at that pace while a paid checkout waits for Paddle's webhook
 * (the plan changes only when the webhook has arrived).
 */
export function useOrganizationSubscription(orgId: string, options: { pollMs?: number | false } = {}) {
  return useQuery({ ...getOrganizationSubscriptionQueryOptions(orgId), refetchInterval: options.pollMs ?? false });
}

/**
 * The session's user carries the organization's plan, which the other pages gate their buttons with (a sixth project
 * on the free plan): once the plan has changed, it is read again.
 */
export function useRefreshPlanGating() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey });
}

/**
 * `DELETE organization/{orgId}/subscription`: the downgrade to the free plan. The server answers 409 naming what to
 * remove first, 202 when Paddle cancels the subscription at the period's end, 200 when the organization is on free at
 * once; the subscription read afterwards tells the last two apart, whatever the body of the answer.
 */
export function deleteOrganizationSubscription({ orgId }: { orgId: string }): Promise<OrganizationSubscription> {
  return api
    .delete<unknown>(`${organizationPath(orgId)}/subscription`)
    .then(() => getOrganizationSubscription({ orgId }));
}

export function useDowngradeSubscription(orgId: string) {
  const queryClient = useQueryClient();
  const refreshPlanGating = useRefreshPlanGating();
  return useMutation({
    mutationFn: () => deleteOrganizationSubscription({ orgId }),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.ofOrganization(orgId), subscription);
      return refreshPlanGating();
    },
  });
}
