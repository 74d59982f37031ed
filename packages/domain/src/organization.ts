import { z } from "zod";
import { calendarDateSchema, someFieldRequired } from "./calendar-date.js";
import { roleSchema } from "./permissions.js";
import { planSchema } from "./plans.js";

const domainPattern = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;
const bracketedIpv4 = /^\[(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\]$/;

/** Domains are compared and stored lower-case, without surrounding spaces. */
export function normalizeDomain(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * An organization e-mail domain (spec part 1 §5, part 2 §5): dot-separated labels of letters, digits
 * and hyphens ending in a top-level part of two or more letters, or a bracketed IPv4 address as in
 * `user@[192.168.0.1]`. Case-insensitive.
 */
export function isValidDomain(value: string): boolean {
  const domain = normalizeDomain(value);
  if (domain.length === 0 || domain.length > 253) return false;
  const ip = bracketedIpv4.exec(domain);
  if (ip) return ip.slice(1).every((octet) => Number(octet) <= 255);
  return domainPattern.test(domain);
}

/** The add-domain button: enabled only for a non-empty, new and valid domain. */
export function canAddDomain(value: string, domains: readonly string[]): boolean {
  const domain = normalizeDomain(value);
  if (domain.length === 0) return false;
  if (domains.some((d) => normalizeDomain(d) === domain)) return false;
  return isValidDomain(domain);
}

/** Splits a submitted list into unique normalized valid domains and the malformed ones, in order. */
export function partitionDomains(domains: readonly string[]): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const raw of domains) {
    const domain = normalizeDomain(raw);
    if (valid.includes(domain) || invalid.includes(domain)) continue;
    (isValidDomain(domain) ? valid : invalid).push(domain);
  }
  return { valid, invalid };
}

export const organizationNameSchema = z.string().trim().min(1, "Organization name is required").max(120);

const domainListSchema = z.array(z.string().max(255)).max(50);

export const createOrganizationInputSchema = z.object({
  name: organizationNameSchema,
  domains: domainListSchema.default([]),
  language: z.enum(["it", "en"]).optional(),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationInputSchema>;

/** The period a timesheet is submitted and approved for. */
export const approvalPeriods = ["week", "month"] as const;
export type ApprovalPeriod = (typeof approvalPeriods)[number];

// The settings live here rather than with the approval rules (approvals.ts), so that a page reading the organization
// does not load those rules.
/** The organization's settings of approval and of the overlap guard (`PATCH organization/{orgId}` `settings`). */
export const organizationSettingsSchema = z.object({
  approval_period: z.enum(approvalPeriods).describe("The period a timesheet is submitted and approved for"),
  lock_before: calendarDateSchema
    .nullable()
    .describe("Every activity on a day before this one is locked, as an approved period is; null locks nothing"),
  prevent_overlapping_activities: z
    .boolean()
    .describe("A person's activities may not overlap one another (touching ends are not an overlap)"),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/** A change of the settings: the fields sent, at least one. */
export const organizationSettingsInputSchema = /* @__PURE__ */ someFieldRequired(
  z
    .object({
      approval_period: z.enum(approvalPeriods, { message: "approval_period must be week or month" }),
      lock_before: calendarDateSchema.nullable(),
      prevent_overlapping_activities: z.boolean({ message: "prevent_overlapping_activities must be true or false" }),
    })
    .partial()
    .strict(),
);
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsInputSchema>;

export const updateOrganizationInputSchema = /* @__PURE__ */ someFieldRequired(
  z
    .object({
      name: organizationNameSchema,
      domains: domainListSchema,
      require_two_factor: z
        .boolean()
        .describe(
          "Every member must sign in with a second factor; one without is sent to enrolment at the next sign-in",
        ),
      settings: organizationSettingsInputSchema.describe(
        "Timesheet approval and the overlap guard (decision 026); the fields sent change, at least one",
      ),
    })
    .partial(),
);
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationInputSchema>;

export const organizationSchema = z.object({
  uid: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  language: z.enum(["it", "en"]),
  plan: planSchema,
  subscription_id: z.string().nullable(),
  /** Every member must sign in with a second factor (decision 018). */
  require_two_factor: z.boolean(),
  /** Timesheet approval and the overlap guard (decision 026). */
  settings: organizationSettingsSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

export const createOrganizationResponseSchema = z.object({
  organization: organizationSchema,
  role: roleSchema,
  invalidDomains: z.array(z.string()),
});
export type CreateOrganizationResponse = z.infer<typeof createOrganizationResponseSchema>;

export const updateOrganizationResponseSchema = z.object({
  organization: organizationSchema,
  invalidDomains: z.array(z.string()),
});
export type UpdateOrganizationResponse = z.infer<typeof updateOrganizationResponseSchema>;

/**
 * Workflow statuses every organization starts with; `open` is selected by default. They are not editable (so not
 * deletable): new projects and the constant status list of the spec rely on their keys.
 */
export const defaultWorkflowStatuses = [
  { key: "open", name: "Open", selectedByDefault: true, editable: false },
  { key: "to_be_invoiced", name: "To be invoiced", selectedByDefault: false, editable: false },
  { key: "completed", name: "Completed", selectedByDefault: false, editable: false },
] as const;
