import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  type Webhook,
  type WebhookConditions,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookWithSecret,
  webhookDeliveriesPageSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from "@timetrap/domain";
import { z } from "zod";
import { api } from "../lib/api-client";

/**
 * What the modal sends (spec part 2 §7): `events` as the comma string the spec names, `conditions` per event
 * (`always`, or the workflow status ids whose arrival sends it).
 */
export interface WebhookPayload {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  conditions: WebhookConditions;
}

const webhooksPath = (orgId: string) => `/organization/${encodeURIComponent(orgId)}/webhooks`;
const webhookPath = (orgId: string, webhookId: string) => `${webhooksPath(orgId)}/${encodeURIComponent(webhookId)}`;

/** Query keys of an organization's webhooks and of each one's delivery log. */
export const webhooksKeys = {
  ofOrganization: (orgId: string) => ["organizations", orgId, "webhooks"] as const,
  deliveries: (orgId: string, webhookId: string) =>
    ["organizations", orgId, "webhooks", webhookId, "deliveries"] as const,
};

const webhookListSchema = z.array(webhookSchema);
/** A rotated secret: the webhook with its new secret, of which only the secret is read. */
const rotatedSecretSchema = z.object({ secret: z.string() });

const toBody = (payload: WebhookPayload) => ({ ...payload, events: payload.events.join(",") });

export function getWebhooks({ orgId, signal }: { orgId: string; signal?: AbortSignal }): Promise<Webhook[]> {
  return api.get(webhooksPath(orgId), { schema: webhookListSchema, signal });
}

export function getWebhooksQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: webhooksKeys.ofOrganization(orgId),
    queryFn: ({ signal }) => getWebhooks({ orgId, signal }),
  });
}

export function useWebhooks(orgId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getWebhooksQueryOptions(orgId), enabled: options.enabled ?? true });
}

/** A new webhook answers its signing secret, this once. */
export function createWebhook({ orgId, data }: { orgId: string; data: WebhookPayload }): Promise<WebhookWithSecret> {
  return api.post(webhooksPath(orgId), { body: toBody(data), schema: webhookWithSecretSchema });
}

export function updateWebhook({
  orgId,
  webhookId,
  data,
}: {
  orgId: string;
  webhookId: string;
  data: WebhookPayload;
}): Promise<Webhook> {
  return api.patch(webhookPath(orgId, webhookId), { body: toBody(data), schema: webhookSchema });
}

export function deleteWebhook({ orgId, webhookId }: { orgId: string; webhookId: string }): Promise<void> {
  return api.delete(webhookPath(orgId, webhookId));
}

/** A new signing secret, answered once; the old one stops signing at once. */
export function rotateWebhookSecret({ orgId, webhookId }: { orgId: string; webhookId: string }): Promise<string> {
  return api
    .post(`${webhookPath(orgId, webhookId)}/secret`, { schema: rotatedSecretSchema })
    .then((answer) => answer.secret);
}

/** A `webhook.test` delivery, queued at once (202) and logged like any other. */
export function sendWebhookTest({ orgId, webhookId }: { orgId: string; webhookId: string }): Promise<WebhookDelivery> {
  return api.post(`${webhookPath(orgId, webhookId)}/test`, { schema: webhookDeliverySchema });
}

/** The same event again (same event id, so that receivers can drop a duplicate), as a new attempt. */
export function redeliverWebhookDelivery({
  orgId,
  webhookId,
  deliveryId,
}: {
  orgId: string;
  webhookId: string;
  deliveryId: string;
}): Promise<WebhookDelivery> {
  return api.post(`${webhookPath(orgId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
    schema: webhookDeliverySchema,
  });
}

export function getWebhookDeliveries({
  orgId,
  webhookId,
  before,
  signal,
}: {
  orgId: string;
  webhookId: string;
  before: string | null;
  signal?: AbortSignal;
}): Promise<WebhookDeliveriesPage> {
  return api.get(`${webhookPath(orgId, webhookId)}/deliveries`, {
    query: { before },
    schema: webhookDeliveriesPageSchema,
    signal,
  });
}

export function getWebhookDeliveriesQueryOptions(orgId: string, webhookId: string) {
  return infiniteQueryOptions<
    WebhookDeliveriesPage,
    Error,
    InfiniteData<WebhookDeliveriesPage>,
    readonly unknown[],
    string | null
  >({
    queryKey: webhooksKeys.deliveries(orgId, webhookId),
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries({ orgId, webhookId, before: pageParam, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** While a delivery waits for an attempt, the log is asked for again every few seconds, to show how it went. */
export const pendingDeliveriesRefreshMs = 3000;

export function useWebhookDeliveries(orgId: string, webhookId: string | null) {
  return useInfiniteQuery({
    ...getWebhookDeliveriesQueryOptions(orgId, webhookId ?? ""),
    enabled: webhookId !== null,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((delivery) => delivery.state === "pending"))
        ? pendingDeliveriesRefreshMs
        : false,
  });
}

/** A change to a webhook or its log: the list (status, last delivery) and that webhook's log are asked for again. */
function useRefresh(orgId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksKeys.ofOrganization(orgId) });
}

export function useCreateWebhook(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({ mutationFn: (data: WebhookPayload) => createWebhook({ orgId, data }), onSuccess: refresh });
}

export function useUpdateWebhook(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: ({ webhookId, data }: { webhookId: string; data: WebhookPayload }) =>
      updateWebhook({ orgId, webhookId, data }),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({ mutationFn: (webhookId: string) => deleteWebhook({ orgId, webhookId }), onSuccess: refresh });
}

export function useRotateWebhookSecret(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: (webhookId: string) => rotateWebhookSecret({ orgId, webhookId }),
    onSuccess: refresh,
  });
}

export function useSendWebhookTest(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({ mutationFn: (webhookId: string) => sendWebhookTest({ orgId, webhookId }), onSuccess: refresh });
}

export function useRedeliverWebhookDelivery(orgId: string) {
  const refresh = useRefresh(orgId);
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      redeliverWebhookDelivery({ orgId, webhookId, deliveryId }),
    onSuccess: refresh,
  });
}
