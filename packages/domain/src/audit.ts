import { z } from "zod";
import { daysInPeriod, isCalendarDate } from "./calendar-date.js";
import { type CsvCell, toCsv } from "./csv.js";
import { idList, longestReportDays, reportDate, reportFormats } from "./reports.js";
import { deviceSchema } from "./sessions.js";

/**
 * The audit log (issue 18, decision 020): one append-only record of security and administration events. The kinds are
 * a closed list; a later feature adds its kinds here, one line each (and their labels in both languages).
 */

export const auditGroups = [
  "access",
  "secondFactor",
  "people",
  "roles",
  "contracts",
  "organization",
  "timesheets",
] as const;
export type AuditGroup = (typeof auditGroups)[number];

interface AuditKindInfo {
  group: AuditGroup;
  /** The i18n key of the kind's words ("Signed in"); i18next reads dots as nesting, so kinds cannot be keys as they are. */
  label: string;
}

export const auditKinds = {
  sign_in: { group: "access", label: "audit.kinds.signIn" },
  "sign_in.failed": { group: "access", label: "audit.kinds.signInFailed" },
  "sign_in.locked": { group: "access", label: "audit.kinds.signInLocked" },
  "sign_in.second_factor_failed": { group: "access", label: "audit.kinds.signInSecondFactorFailed" },
  sign_out: { group: "access", label: "audit.kinds.signOut" },
  "password.changed": { group: "access", label: "audit.kinds.passwordChanged" },
  "password.reset_requested": { group: "access", label: "audit.kinds.passwordResetRequested" },
  "session.ended": { group: "access", label: "audit.kinds.sessionEnded" },
  "sessions.ended_others": { group: "access", label: "audit.kinds.sessionsEndedOthers" },
  "access_token.created": { group: "access", label: "audit.kinds.accessTokenCreated" },
  "access_token.revoked": { group: "access", label: "audit.kinds.accessTokenRevoked" },
  "two_factor.enabled": { group: "secondFactor", label: "audit.kinds.twoFactorEnabled" },
  "two_factor.disabled": { group: "secondFactor", label: "audit.kinds.twoFactorDisabled" },
  "recovery_codes.regenerated": { group: "secondFactor", label: "audit.kinds.recoveryCodesRegenerated" },
  "recovery_code.used": { group: "secondFactor", label: "audit.kinds.recoveryCodeUsed" },
  "passkey.added": { group: "secondFactor", label: "audit.kinds.passkeyAdded" },
  "passkey.renamed": { group: "secondFactor", label: "audit.kinds.passkeyRenamed" },
  "passkey.removed": { group: "secondFactor", label: "audit.kinds.passkeyRemoved" },
  "invitation.sent": { group: "people", label: "audit.kinds.invitationSent" },
  "invitation.resent": { group: "people", label: "audit.kinds.invitationResent" },
  "invitation.accepted": { group: "people", label: "audit.kinds.invitationAccepted" },
  "invitation.declined": { group: "people", label: "audit.kinds.invitationDeclined" },
  "invitation.revoked": { group: "people", label: "audit.kinds.invitationRevoked" },
  "member.left": { group: "people", label: "audit.kinds.memberLeft" },
  "member.removed": { group: "people", label: "audit.kinds.memberRemoved" },
  "member.role_changed": { group: "people", label: "audit.kinds.memberRoleChanged" },
  "user.status_changed": { group: "people", label: "audit.kinds.userStatusChanged" },
  "role.created": { group: "roles", label: "audit.kinds.roleCreated" },
  "role.updated": { group: "roles", label: "audit.kinds.roleUpdated" },
  "role.deleted": { group: "roles", label: "audit.kinds.roleDeleted" },
  "contract.created": { group: "contracts", label: "audit.kinds.contractCreated" },
  "contract.updated": { group: "contracts", label: "audit.kinds.contractUpdated" },
  "contract.deleted": { group: "contracts", label: "audit.kinds.contractDeleted" },
  "time_off.approved": { group: "people", label: "audit.kinds.timeOffApproved" },
  "time_off.rejected": { group: "people", label: "audit.kinds.timeOffRejected" },
  "time_off.cancelled": { group: "people", label: "audit.kinds.timeOffCancelled" },
  "member.holiday_group_changed": { group: "people", label: "audit.kinds.memberHolidayGroupChanged" },
  "holiday_group.created": { group: "organization", label: "audit.kinds.holidayGroupCreated" },
  "holiday_group.updated": { group: "organization", label: "audit.kinds.holidayGroupUpdated" },
  "holiday_group.deleted": { group: "organization", label: "audit.kinds.holidayGroupDeleted" },
  "organization.updated": { group: "organization", label: "audit.kinds.organizationUpdated" },
  "organization.domain_added": { group: "organization", label: "audit.kinds.organizationDomainAdded" },
  "organization.domain_removed": { group: "organization", label: "audit.kinds.organizationDomainRemoved" },
  "timesheet.approved": { group: "timesheets", label: "audit.kinds.timesheetApproved" },
  "timesheet.rejected": { group: "timesheets", label: "audit.kinds.timesheetRejected" },
  "timesheet.reopened": { group: "timesheets", label: "audit.kinds.timesheetReopened" },
} as const satisfies Record<string, AuditKindInfo>;

export type AuditKind = keyof typeof auditKinds;
export const auditKindList = Object.keys(auditKinds) as [AuditKind, ...AuditKind[]];

/** The groups whose events are a person's own security events, listed in their profile. */
export const securityGroups: readonly AuditGroup[] = ["access", "secondFactor"];
export const securityKinds: readonly AuditKind[] = auditKindList.filter((kind) =>
  securityGroups.includes(auditKinds[kind].group),
);

/** The kinds of each group, in the list's order, for the kind filter's grouped choices. */
export function auditKindsByGroup(): Array<{ group: AuditGroup; kinds: AuditKind[] }> {
  return auditGroups.map((group) => ({
    group,
    kinds: auditKindList.filter((kind) => auditKinds[kind].group === group),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Before and after

export type AuditValues = Record<string, unknown>;

export interface AuditChange {
  field: string;
  /** undefined: the field did not exist on that side (a creation, a deletion). */
  before: unknown;
  after: unknown;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between before and after, in the order they first appear: what the screen shows as
 * "Hourly cost: 30.00 → 35.00". A creation lists every field of after, a deletion every field of before.
 */
export function auditChanges(before: AuditValues | null, after: AuditValues | null): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => !sameValue(change.before, change.after));
}

/** Fields written with two decimals, as money is everywhere else on screen. */
const moneyFields = new Set(["hourly_cost"]);

/**
 * A value of before or after as words the screen can show: money with two decimals (or as `money` writes it), lists
 * joined, acls as "project: read, edit", nothing as "—". Field names and kinds are translated by the screen; values
 * are data.
 */
export function formatAuditValue(
  field: string,
  value: unknown,
  { money = (amount: number) => amount.toFixed(2) }: { money?: (amount: number) => string } = {},
): string {
  if (value === undefined || value === null || value === "") return "—";
  if (moneyFields.has(field) && typeof value === "number") return money(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "—";
    return value
      .map((item) =>
        item && typeof item === "object" && "subject" in item && "actions" in item
          ? `${String(item.subject)}: ${(item.actions as unknown[]).join(", ")}`
          : formatAuditValue(field, item, { money }),
      )
      .join("; ");
  }
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key} ${formatAuditValue(key, inner, { money })}`)
      .join(", ");
  }
  return String(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Wire

export const auditTargetSchema = z.object({
  /** "user", "role", "contract", "invitation", "organization", "domain", "session", "passkey". */
  type: z.string().nullable(),
  id: z.string().nullable(),
  /** Words to recognise the target by when it is gone: a name, an e-mail, a domain. */
  label: z.string().nullable(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

// A loose object rather than z.record, as the passkeys' extension results (decision 016's budgets).
const valuesSchema = z.looseObject({}).nullable();

export const auditEventSchema = z.object({
  id: z.uuid(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** Who did it; null when nobody was signed in (a failed sign-in, a link followed). */
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  kind: z.enum(auditKindList),
  target: auditTargetSchema,
  /** The client's address as the server saw it ("" when unknown). */
  ip: z.string(),
  /** The browser and system the request's user agent names, as the sessions list gives them. */
  device: deviceSchema,
  before: valuesSchema,
  after: valuesSchema,
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEventSchema),
  /** The cursor of the next page, null on the last. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Cursor: the position after the last event of a page, newest first. The time is the database's, to the microsecond,
// so that events written in the same instant (one transaction) are told apart by their id and none is skipped.

export interface AuditPosition {
  /** ISO 8601 in UTC with microseconds, as the database wrote it. */
  at: string;
  id: string;
}

const positionPattern = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Hex of the ASCII text "time|id": opaque to clients, and written without Buffer or btoa, which the domain has neither.
const toHex = (text: string) => [...text].map((char) => char.charCodeAt(0).toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) =>
  (hex.match(/../g) ?? []).map((pair) => String.fromCharCode(Number.parseInt(pair, 16))).join("");

export function encodeAuditCursor(position: AuditPosition): string {
  return toHex(`${position.at}|${position.id}`);
}

/** The position a cursor names; undefined for anything this server did not write. */
export function decodeAuditCursor(cursor: string): AuditPosition | undefined {
  if (cursor.length > 200 || cursor.length % 2 !== 0 || !/^[0-9a-f]+$/.test(cursor)) return undefined;
  const [at, id, ...rest] = fromHex(cursor).split("|");
  if (at === undefined || id === undefined || rest.length > 0) return undefined;
  const day = positionPattern.exec(at)?.[1];
  if (!day || !isCalendarDate(day) || !uuidPattern.test(id)) return undefined;
  return { at, id };
}

const cursorSchema = z
  .string()
  .refine((cursor) => decodeAuditCursor(cursor) !== undefined, { message: "cursor is not one this list gave" })
  .optional();

export const auditPageSizeLimit = 200;
const limitMessage = `limit must be a whole number from 1 to ${auditPageSizeLimit}`;
const limitSchema = z.coerce
  .number({ message: limitMessage })
  .int(limitMessage)
  .min(1, limitMessage)
  .max(auditPageSizeLimit, limitMessage)
  .default(50);

const kindMessage = "kind must be a kind of event or a list of them";
/** `?kind=a&kind=b` or `?kind=a`: a list of distinct kinds either way. */
const kindList = z
  .union([z.enum(auditKindList, { message: kindMessage }), z.array(z.enum(auditKindList, { message: kindMessage }))], {
    message: kindMessage,
  })
  .optional()
  .transform((v) => (v === undefined ? [] : [...new Set(Array.isArray(v) ? v : [v])]));

/** The log covers at most the days a report covers (a leap year), so that one export stays one file of a year. */
export const longestAuditDays = longestReportDays;

/**
 * `GET organization/{orgId}/audit`: kinds and people repeatable or single, a period of days in the reader's time zone
 * (both included, at most 366), a cursor from the previous page. `format=csv` (or `Accept: text/csv`) answers the
 * whole filtered period as CSV.
 */
export const auditQuerySchema = z
  .object({
    kind: kindList,
    user_id: idList("user_id"),
    start_date: reportDate("start_date"),
    end_date: reportDate("end_date"),
    cursor: cursorSchema,
    limit: limitSchema,
    format: z.enum(reportFormats, { message: "format must be json or csv" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.end_date < value.start_date) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date cannot be before start_date" });
    } else if (daysInPeriod(value.start_date, value.end_date) > longestAuditDays) {
      ctx.addIssue({
        code: "custom",
        path: ["end_date"],
        message: `The period covers at most ${longestAuditDays} days`,
      });
    }
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** `GET auth/security-events`: the signed-in person's own security events, newest first. */
export const securityEventsQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// CSV

export const auditCsvHeader = [
  "at",
  "actor",
  "kind",
  "targetType",
  "targetId",
  "target",
  "ip",
  "browser",
  "os",
  "before",
  "after",
] as const;

/** One event as a CSV row: the instant in ISO 8601, before and after as JSON (a spreadsheet shows them as text). */
export function auditCsvRow(event: AuditEvent): CsvCell[] {
  return [
    new Date(event.at).toISOString(),
    event.actor_name,
    event.kind,
    event.target.type,
    event.target.id,
    event.target.label,
    event.ip,
    event.device.browser,
    event.device.os,
    event.before === null ? null : JSON.stringify(event.before),
    event.after === null ? null : JSON.stringify(event.after),
  ];
}

export function auditCsv(events: readonly AuditEvent[]): string {
  return toCsv(auditCsvHeader, events.map(auditCsvRow));
}
