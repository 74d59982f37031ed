import {
  eventsWithStatusConditions,
  type Webhook,
  type WebhookConditions,
  type WebhookEvent,
  webhookEvents,
  webhookInputSchema,
  webhookUrlMinLength,
} from "@timetrap/domain";
import type { WebhookPayload } from "../../../api/webhooks";

/** The modal's fields: the status condition as a choice and its statuses apart, so that switching keeps the list. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** `project.status.change`: always, or only when the new status is one of `statusIds`. */
  statusCondition: "always" | "statuses";
  statusIds: string[];
}

const statusEvent: WebhookEvent = "project.status.change";

export function webhookFormValues(webhook: Webhook | null): WebhookFormValues {
  if (!webhook) {
    return {
      url: "",
      description: "",
      events: [statusEvent],
      enabled: true,
      statusCondition: "always",
      statusIds: [],
    };
  }
  const condition = webhook.conditions[statusEvent];
  return {
    url: webhook.url,
    description: webhook.description,
    events: webhookEvents.filter((event) => webhook.events.includes(event)),
    enabled: webhook.enabled,
    statusCondition: condition === undefined || condition === "always" ? "always" : "statuses",
    statusIds: condition === undefined || condition === "always" ? [] : [...condition],
  };
}

/** What is wrong with a field, as a key of the page's texts (`webhooks.form.*`), or the domain's own words. */
export type FieldProblem = { key: string } | { message: string };

export interface WebhookFormProblems {
  url?: FieldProblem;
  description?: FieldProblem;
  events?: FieldProblem;
  statusIds?: FieldProblem;
}

/** The domain's words for a url it refuses, to the page's keys (others are shown as the domain says them). */
const urlProblemKeys: Record<string, string> = {
  "The url is not a valid address": "urlInvalid",
  "The url must start with https:// or http://": "urlScheme",
  "The url must start with https://": "urlScheme",
  "The url must not contain a user name or password": "urlCredentials",
  "The url has no valid host": "urlInvalid",
};

/**
 * The body to send, or what is wrong, by the domain's own input schema (the server checks it again). `http://` is
 * let through: only the server knows whether it allows it (`WEBHOOK_ALLOW_HTTP`, for tests), and says so if not.
 */
export function webhookPayload(
  values: WebhookFormValues,
): { ok: true; payload: WebhookPayload } | { ok: false; problems: WebhookFormProblems } {
  const problems: WebhookFormProblems = {};
  const url = values.url.trim();
  const conditions: WebhookConditions = {};
  const statusChosen = values.events.includes(statusEvent);
  if (statusChosen && eventsWithStatusConditions.includes(statusEvent)) {
    if (values.statusCondition === "statuses") {
      if (values.statusIds.length === 0) problems.statusIds = { key: "statusesRequired" };
      else conditions[statusEvent] = values.statusIds;
    } else {
      conditions[statusEvent] = "always";
    }
  }
  const events = webhookEvents.filter((event) => values.events.includes(event));
  const parsed = webhookInputSchema({ allowHttp: true }).safeParse({
    url,
    description: values.description,
    events: events.join(","),
    enabled: values.enabled,
    conditions,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "url" && !problems.url) {
        problems.url =
          url.length < webhookUrlMinLength
            ? { key: "urlRequired" }
            : urlProblemKeys[issue.message]
              ? { key: urlProblemKeys[issue.message] as string }
              : { message: issue.message };
      } else if (field === "description" && !problems.description) {
        problems.description = { key: "descriptionTooLong" };
      } else if (field === "events" && !problems.events) {
        problems.events = { key: "eventsRequired" };
      } else if (field === "conditions" && !problems.statusIds) {
        problems.statusIds = { message: issue.message };
      }
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  if (!parsed.success) return { ok: false, problems: { url: { key: "urlInvalid" } } };
  return {
    ok: true,
    payload: {
      url: parsed.data.url,
      description: parsed.data.description,
      events: parsed.data.events,
      enabled: parsed.data.enabled,
      conditions: parsed.data.conditions,
    },
  };
}
