import {
  type Action,
  type AuditEvent,
  type AuditGroup,
  type AuditKind,
  actions,
  auditKinds,
  type Device,
  formatAuditValue,
  isCalendarDate,
  type Subject,
  subjects,
} from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDate, formatEuro } from "../../../lib/format";

const groupLabels: Record<AuditGroup, ParseKeys> = {
  access: "audit.groups.access",
  secondFactor: "audit.groups.secondFactor",
  people: "audit.groups.people",
  roles: "audit.groups.roles",
  contracts: "audit.groups.contracts",
  organization: "audit.groups.organization",
  timesheets: "audit.groups.timesheets",
};

const fieldLabels: Record<string, ParseKeys> = {
  name: "audit.fields.name",
  nominative: "audit.fields.nominative",
  acls: "audit.fields.acls",
  domain: "audit.fields.domain",
  role: "audit.fields.role",
  status: "audit.fields.status",
  hourly_cost: "audit.fields.hourly_cost",
  contractual_hours: "audit.fields.contractual_hours",
  contractual_hours_by_day: "audit.fields.contractual_hours_by_day",
  contract_type: "audit.fields.contract_type",
  productivity_target: "audit.fields.productivity_target",
  from_date: "audit.fields.from_date",
  to_date: "audit.fields.to_date",
  note: "audit.fields.note",
  approval_period: "audit.fields.approval_period",
  lock_before: "audit.fields.lock_before",
  prevent_overlapping_activities: "audit.fields.prevent_overlapping_activities",
};

const targetLabels: Record<string, ParseKeys> = {
  user: "audit.targets.user",
  role: "audit.targets.role",
  contract: "audit.targets.contract",
  invitation: "audit.targets.invitation",
  organization: "audit.targets.organization",
  domain: "audit.targets.domain",
  session: "audit.targets.session",
  passkey: "audit.targets.passkey",
  timesheet: "audit.targets.timesheet",
};

/** The words of the values the server writes as codes (a status, a contract type). */
const valueLabels: Record<string, ParseKeys> = {
  active: "audit.values.active",
  inactive: "audit.values.inactive",
  invited: "audit.values.invited",
  "full-time": "audit.values.fullTime",
  "part-time": "audit.values.partTime",
  open: "audit.values.open",
  submitted: "audit.values.submitted",
  approved: "audit.values.approved",
  rejected: "audit.values.rejected",
  week: "audit.values.week",
  month: "audit.values.month",
};

const isAcl = (value: unknown): value is { subject: Subject; actions: Action[] } =>
  typeof value === "object" &&
  value !== null &&
  subjects.includes((value as { subject: Subject }).subject) &&
  Array.isArray((value as { actions: unknown }).actions) &&
  (value as { actions: unknown[] }).actions.every((action) => actions.includes(action as Action));

/**
 * The log's words in the reader's language: kinds, groups, fields, devices and targets. Values stay data (names,
 * amounts, domains), written as the rest of the app writes them: money in euros, dates as dd/MM/yyyy.
 */
export function useAuditTexts() {
  const { t } = useTranslation();
  return {
    kind: (kind: AuditKind) => t(auditKinds[kind].label),
    group: (group: AuditGroup) => t(groupLabels[group]),
    field: (field: string) => {
      const key = fieldLabels[field];
      return key ? t(key) : field;
    },
    value: (field: string, value: unknown): string => {
      if (typeof value === "string" && isCalendarDate(value)) return formatDate(value);
      // A role's permissions as the roles page names them: "Projects: View, Edit".
      if (Array.isArray(value) && value.length > 0 && value.every(isAcl)) {
        return value
          .map((acl) => {
            const granted = acl.actions.map((action) => t(`roles.actions.${action}`)).join(", ");
            return `${t(`roles.subjects.${acl.subject}`)}: ${granted || "—"}`;
          })
          .join("; ");
      }
      const key = typeof value === "string" ? valueLabels[value] : undefined;
      return key ? t(key) : formatAuditValue(field, value, { money: formatEuro });
    },
    device: ({ browser, os }: Device) => {
      if (browser && os) return t("audit.device", { browser, os });
      return browser ?? os ?? t("audit.unknownDevice");
    },
    targetType: (type: string | null) => {
      const key = type ? targetLabels[type] : undefined;
      return key ? t(key) : null;
    },
    target: (target: AuditEvent["target"]) => target.label ?? target.id ?? "—",
  };
}
