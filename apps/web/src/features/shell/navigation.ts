import {
  type Icon,
  IconAddressBook,
  IconAdjustmentsHorizontal,
  IconArrowsShuffle,
  IconBeach,
  IconBriefcase,
  IconBuilding,
  IconCalendarCheck,
  IconCalendarWeek,
  IconCreditCard,
  IconHistory,
  IconInfoCircle,
  IconLayoutDashboard,
  IconListCheck,
  IconPlug,
  IconPlugConnected,
  IconReceipt2,
  IconReportAnalytics,
  IconSettings2,
  IconShieldLock,
  IconUser,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from "@tabler/icons-react";
import { can, menuVisibility, type User } from "@timetrap/domain";
import type { ParseKeys } from "i18next";

export type TranslationKey = ParseKeys;

export interface NavLinkEntry {
  kind: "link";
  id: string;
  label: TranslationKey;
  /** Shown as is (names of outside services), when there is no translation key. */
  text?: string;
  icon: Icon;
  to: string;
  /** Whether the current location (path + search) is this entry. */
  isActive: ActiveTest;
}

export interface NavGroupEntry {
  kind: "group";
  id: string;
  label: TranslationKey;
  icon: Icon;
  children: NavEntry[];
}

export type NavEntry = NavLinkEntry | NavGroupEntry;

export interface NavSection {
  id: string;
  label: TranslationKey;
  entries: NavEntry[];
}

/** Display names of the outside services (spec part 1 §1 integration codes). */
export const serviceNames: Record<string, string> = {
  gcalendar: "Google Calendar",
  todoist: "Todoist",
  paymo: "Paymo",
  jira: "Jira",
  asana: "Asana",
  timetrap: "Timetrap",
};

type ActiveTest = (pathname: string, search: URLSearchParams) => boolean;

const onPath =
  (path: string): ActiveTest =>
  (pathname) =>
    pathname === path || pathname.startsWith(`${path}/`);

function link(
  id: string,
  label: TranslationKey,
  icon: Icon,
  to: string,
  isActive: ActiveTest = onPath(to),
): NavLinkEntry {
  return { kind: "link", id, label, icon, to, isActive };
}

function group(id: string, label: TranslationKey, icon: Icon, children: (NavEntry | false)[]): NavGroupEntry | false {
  const visible = children.filter((child): child is NavEntry => child !== false);
  return visible.length > 0 ? { kind: "group", id, label, icon, children: visible } : false;
}

/**
 * The sidebar of spec part 1 §2 "Shell and sidebar", filtered by the role's permissions (§6, through
 * `menuVisibility` of the domain). Entries that need an organization are left out without one.
 */
export function buildNavigation(user: User): NavSection[] {
  // Spec part 1 §6: everything in the shell needs a role; a guest (during onboarding) sees no entries.
  if (!user.role) return [];
  const userBase = `/user/${user.uid}`;
  const board = `${userBase}/board`;
  const visibility = menuVisibility(user.role);
  const orgId = user.organization?.uid;
  const orgBase = orgId ? `/organization/${orgId}` : null;

  const planning: NavSection = {
    id: "planning",
    label: "menu.planning",
    entries: [
      link("board", "menu.board", IconCalendarWeek, board, (p, s) => p === board && s.get("panel") !== "tasks"),
      link(
        "tasks",
        "menu.tasks",
        IconListCheck,
        `${board}?panel=tasks`,
        (p, s) => p === board && s.get("panel") === "tasks",
      ),
      // The team plan shows other people's time: only for those who may read the team (decision 028).
      ...(can(user.role, "read", "team")
        ? [link("teamplan", "menu.teamPlan", IconUsersGroup, `${userBase}/teamplan3`, (p) => /\/teamplan\d?$/.test(p))]
        : []),
    ],
  };

  const organizationGroup =
    orgBase && visibility.organizationGroup
      ? group("organization", "menu.organization", IconBuilding, [
          visibility.organizationDetail &&
            link("organization-detail", "menu.organizationDetail", IconInfoCircle, orgBase, (p) => p === orgBase),
          visibility.customers && link("customers", "menu.customers", IconAddressBook, `${orgBase}/customers`),
          // Holidays and kinds of time off change with edit on organization, like its details (decision 026); one icon
          // with Time off, which every signed-in page loads already.
          visibility.organizationDetail && link("holidays", "holidays.menu", IconBeach, `${orgBase}/holidays`),
          visibility.projectSetup &&
            group("project-setup", "menu.projectSetup", IconAdjustmentsHorizontal, [
              link("workflows", "menu.workflows", IconArrowsShuffle, `${orgBase}/workflows`),
            ]),
          visibility.userManagement &&
            group("user-management", "menu.userManagement", IconUsers, [
              visibility.roles && link("roles", "menu.roles", IconShieldLock, `${orgBase}/roles`),
              visibility.users && link("users", "menu.users", IconUser, `${orgBase}/users`),
              visibility.overheads && link("overheads", "menu.overheads", IconReceipt2, `${orgBase}/overheads`),
              visibility.timesheet &&
                link("timesheet", "menu.timesheet", IconReportAnalytics, `${orgBase}/reports/timesheet`),
            ]),
          visibility.approvals && link("approvals", "menu.approvals", IconCalendarCheck, `${orgBase}/approvals`),
          visibility.subscription &&
            link("subscription", "menu.subscription", IconCreditCard, `${orgBase}/subscription`),
          visibility.audit && link("audit", "menu.auditLog", IconHistory, `${orgBase}/audit`),
          visibility.advanced &&
            group("advanced", "menu.advanced", IconSettings2, [
              link("webhooks", "menu.webhooks", IconWebhook, `${orgBase}/webhooks`),
            ]),
        ])
      : false;

  const workspace: NavSection = {
    id: "workspace",
    label: "menu.workspace",
    entries: [
      link("dashboard", "menu.dashboard", IconLayoutDashboard, `${userBase}/dashboard`),
      // Every member asks for their own time off (decision 026).
      ...(orgId ? [link("time-off", "timeOff.menu", IconBeach, `${userBase}/time-off`)] : []),
      ...(orgId && visibility.projects
        ? [
            link(
              "projects",
              "menu.projects",
              IconBriefcase,
              `${userBase}/projects?organizationId=${encodeURIComponent(orgId)}`,
              onPath(`${userBase}/projects`),
            ),
          ]
        : []),
      ...(organizationGroup ? [organizationGroup] : []),
    ],
  };

  // The board with a source in its side panel (spec: each entry of the Integrations section opens one).
  const source = (service: string, icon: Icon): NavLinkEntry => ({
    ...link(
      `integration-${service}`,
      "menu.integrations",
      icon,
      `${board}?panel=${encodeURIComponent(service)}`,
      (p, s) => p === board && s.get("panel") === service,
    ),
    text: serviceNames[service] ?? service,
  });
  const services = new Set(user.integrations.map(({ service }) => service));
  const integrations: NavSection = {
    id: "integrations",
    label: "menu.integrationsSection",
    entries: [
      link("integrations", "menu.integrations", IconPlug, `${userBase}/integrations`),
      // The calendar-service entry first, with the board's own icon; then one entry per other connected service.
      ...(services.has("gcalendar") ? [source("gcalendar", IconCalendarWeek)] : []),
      ...[...services]
        .filter((service) => service !== "gcalendar" && service !== "timetrap")
        .map((service) => source(service, IconPlugConnected)),
    ],
  };

  return [planning, workspace, integrations];
}

/** Every link of the navigation, groups flattened (for tests and the collapsed menu). */
export function flattenNavigation(entries: NavEntry[]): NavLinkEntry[] {
  return entries.flatMap((entry) => (entry.kind === "link" ? [entry] : flattenNavigation(entry.children)));
}
