import { z } from "zod";

/**
 * Webhooks (spec part 2 §2, §3, §5, §7; ARCHITECTURE.md "Webhooks"; decision 030). An organization's webhook is a
 * URL that receives a signed POST for each event it subscribes to, delivered at least once from the job queue.
 */

/** The spec's one event, and the two added beyond it (issue 14). */
export const webhookEvents = ["project.status.change", "project.budget.threshold", "project.margin.at_risk"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The event a "send a test event" delivery carries; never subscribed to, sent to any webhook on demand. */
export const webhookTestEvent = "webhook.test";
export type DeliveredEvent = WebhookEvent | typeof webhookTestEvent;

/** The events whose conditions may name workflow statuses (the others are always sent). */
export const eventsWithStatusConditions: readonly WebhookEvent[] = ["project.status.change"];

/** The budget shares, in percent of the budget, that each send `project.budget.threshold` once per project. */
export const budgetThresholds = [50, 80, 100] as const;
export type BudgetThreshold = (typeof budgetThresholds)[number];

/** A URL is at least this long (spec part 2 §5, webhookForm.urlRequired). */
export const webhookUrlMinLength = 10;
export const webhookUrlMaxLength = 2048;
export const webhookDescriptionMaxLength = 255;

/** How long after its timestamp a signature is still accepted by a receiver (the documented tolerance). */
export const webhookSignatureToleranceSeconds = 300;
/** One attempt waits this long for the receiver's answer. */
export const webhookTimeoutMs = 10_000;
/** How much of the receiver's answer the delivery log keeps. */
export const webhookResponseExcerptBytes = 1024;
/** A webhook whose deliveries have all failed for this long is disabled and the organization's admins e-mailed. */
export const webhookDisableAfterMs = 24 * 60 * 60 * 1000;

/**
 * The waits before each retry of a delivery, in seconds: about a day from the first attempt to the last (Stripe and
 * GitHub retry for a few days; a day is what issue 14 asks). Each wait is spread by ±20 % ({@link retryDelayMs}).
 */
export const webhookRetryDelaysSeconds = [60, 300, 1_800, 7_200, 18_000, 36_000, 28_800] as const;
/** The first attempt and one per retry delay. */
export const webhookMaxAttempts = webhookRetryDelaysSeconds.length + 1;

/**
 * The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed: the schedule's delay spread by
 * ±`jitter` (`random` in [0, 1)), or null once the schedule is over (the delivery is dead).
 */
export function retryDelayMs(
  attempt: number,
  random: number,
  schedule: readonly number[] = webhookRetryDelaysSeconds,
  jitter = 0.2,
): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > schedule.length) return null;
  const base = (schedule[attempt - 1] as number) * 1000;
  return Math.round(base * (1 - jitter + 2 * jitter * random));
}

/**
 * Whether a webhook is to be disabled: its deliveries have failed without a success since `failingSince`, for at
 * least {@link webhookDisableAfterMs}.
 */
export function shouldDisableWebhook(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= webhookDisableAfterMs;
}

/** `always`, or the workflow statuses whose arrival sends the event (spec part 2 §4, "Webhook conditions"). */
export const webhookConditionSchema = z.union([
  z.literal("always"),
  z.array(z.uuid("A condition lists workflow status ids")).min(1, "Choose at least one status, or always").max(100),
]);
export type WebhookCondition = z.infer<typeof webhookConditionSchema>;

/**
 * Per event; an event without an entry is sent always. A strict object of optional keys rather than z.partialRecord:
 * the same shape on the wire and the same type, without ZodRecord's code in the chunk of zod that every page with a
 * form loads (decision 016's budgets; the board's route went over its 350 KB with it).
 */
export const webhookConditionsSchema = z.strictObject({
  "project.status.change": webhookConditionSchema.optional(),
  "project.budget.threshold": webhookConditionSchema.optional(),
  "project.margin.at_risk": webhookConditionSchema.optional(),
} satisfies Record<WebhookEvent, unknown>);
export type WebhookConditions = z.infer<typeof webhookConditionsSchema>;

/**
 * Whether a `project.status.change` to `toStatusId` is sent to a webhook with these conditions (and any other event,
 * which has no status, is sent whenever subscribed).
 */
export function conditionsMatch(
  conditions: WebhookConditions,
  event: WebhookEvent,
  toStatusId: string | null,
): boolean {
  const condition = conditions[event];
  if (condition === undefined || condition === "always") return true;
  return toStatusId !== null && condition.includes(toStatusId);
}

/** The comma string the spec sends (`"project.status.change,project.margin.at_risk"`), parsed to known events. */
const eventNamePattern = webhookEvents.map((event) => event.replaceAll(".", "\\.")).join("|");

export const webhookEventsFieldSchema = z
  .string({ message: "Choose at least one event" })
  // In the document too: the known events, separated by commas.
  .regex(
    new RegExp(`^\\s*(${eventNamePattern})(\\s*,\\s*(${eventNamePattern}))*\\s*$`),
    `Events are one or more of ${webhookEvents.join(", ")}, separated by commas`,
  )
  .transform((value) =>
    value
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(
    z
      .array(z.enum(webhookEvents, { message: `An event is one of ${webhookEvents.join(", ")}` }))
      .min(1, "Choose at least one event")
      .transform((events) => [...new Set(events)]),
  );

/** Whether `url` is an address a webhook may be sent to, as far as its text says (the host is checked at delivery). */
export function webhookUrlProblem(url: string, allowHttp: boolean): string | null {
  const parts = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]*)([^\s]*)$/i.exec(url);
  if (!parts) return "The url is not a valid address";
  const scheme = (parts[1] as string).toLowerCase();
  const authority = parts[2] as string;
  if (scheme !== "https" && !(allowHttp && scheme === "http")) {
    return allowHttp ? "The url must start with https:// or http://" : "The url must start with https://";
  }
  if (authority.includes("@")) return "The url must not contain a user name or password";
  const host = authority.replace(/:\d*$/, "");
  if (!host || !/^(\[[0-9a-f:.]+\]|[^[\]:]+)$/i.test(host)) return "The url has no valid host";
  return null;
}

/**
 * The body of `POST` and `PATCH organization/{orgId}/webhooks[/{id}]` (spec part 2 §7): `events` as a comma string.
 * `allowHttp` is the server's `WEBHOOK_ALLOW_HTTP` (tests), so that the rule is in the route's schema.
 */
export function webhookInputSchema(options: { allowHttp: boolean }) {
  return z
    .object({
      url: z
        .string({ message: "Url is required" })
        .trim()
        .min(webhookUrlMinLength, `Url is required and has at least ${webhookUrlMinLength} characters`)
        .max(webhookUrlMaxLength, `Url is at most ${webhookUrlMaxLength} characters`)
        // In the document too; the rest (https unless allowed, a host, no user name) is checked just below.
        .regex(/^\s*https?:\/\//i, "The url must start with https://")
        .superRefine((url, ctx) => {
          // A scheme other than http(s) is the rule above's to name.
          if (!/^https?:\/\//i.test(url)) return;
          const problem = webhookUrlProblem(url, options.allowHttp);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      description: z
        .string()
        .trim()
        .max(webhookDescriptionMaxLength, `Description is at most ${webhookDescriptionMaxLength} characters`)
        .default(""),
      events: webhookEventsFieldSchema,
      enabled: z.boolean().default(true),
      conditions: webhookConditionsSchema.default({}),
    })
    .strict()
    .superRefine((input, ctx) => {
      for (const [event, condition] of Object.entries(input.conditions)) {
        if (!input.events.includes(event as WebhookEvent)) {
          ctx.addIssue({ code: "custom", path: ["conditions", event], message: "A condition for an event not chosen" });
        } else if (condition !== "always" && !eventsWithStatusConditions.includes(event as WebhookEvent)) {
          ctx.addIssue({ code: "custom", path: ["conditions", event], message: "This event is always sent" });
        }
      }
    });
}
export type WebhookInput = z.output<ReturnType<typeof webhookInputSchema>>;

/** active: delivering; failing: its last delivery failed; disabled: by its admin, or after a day of failures. */
export const webhookStatuses = ["active", "failing", "disabled"] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export const webhookSchema = z.object({
  uid: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEvents)),
  enabled: z.boolean(),
  conditions: webhookConditionsSchema,
  status: z.enum(webhookStatuses),
  /** Since when every delivery has failed; null while the last one succeeded. */
  failing_since: z.string().nullable(),
  /** Why it was disabled by the server (a day of failures); null when enabled or disabled by a person. */
  disabled_reason: z.string().nullable(),
  /** The last four characters of the signing secret, to tell secrets apart; the secret itself is shown once. */
  secret_hint: z.string(),
  created_at: z.string(),
  last_delivery: z.object({ at: z.string(), state: z.string(), status_code: z.number().int().nullable() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A new webhook and a rotated secret answer the secret once: `whsec_` and 32 random bytes in base64url. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** pending: waiting for an attempt (a retry included); succeeded: a 2xx; dead: the last attempt failed. */
export const deliveryStates = ["pending", "succeeded", "dead"] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const deliveryAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's status code; null when none came (timeout, refused address, connection error). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  /** The first {@link webhookResponseExcerptBytes} bytes of the answer, as text. */
  response_excerpt: z.string(),
  /** Why the attempt failed without an answer, or why a status code counts as failed; null on success. */
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliverySchema = z.object({
  /** Also the `X-Timetrap-Delivery` header. */
  uid: z.string(),
  /** The event's id (the body's `id`): the same for a delivery sent again, so receivers can drop duplicates. */
  event_id: z.string(),
  event: z.string(),
  state: z.enum(deliveryStates),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(deliveryAttemptSchema),
  /** The JSON body as sent. */
  body: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next, older page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

/** The JSON body of every delivery (ARCHITECTURE.md "Webhooks"), `data` depending on the event. */
export interface WebhookBody<Data = unknown> {
  id: string;
  event: DeliveredEvent;
  occurred_at: string;
  organization_id: string;
  data: Data;
}

/**
 * The budget thresholds that cost `cost` passes for a project with `budget`, not sent before: each once per project,
 * none without a budget.
 */
export function crossedBudgetThresholds(
  cost: number,
  budget: number,
  alreadySent: readonly number[],
): BudgetThreshold[] {
  if (!(budget > 0)) return [];
  return budgetThresholds.filter((threshold) => cost * 100 >= budget * threshold && !alreadySent.includes(threshold));
}

/**
 * `project.margin.at_risk` (issue 14): the current marginability is below the project's target. Sent once when it
 * drops below; sent again only after it has been back at or above the target (`armed`).
 */
export function marginAtRiskNow(currentMarginability: number | null, target: number, armed: boolean): boolean {
  return armed && currentMarginability !== null && currentMarginability < target;
}
