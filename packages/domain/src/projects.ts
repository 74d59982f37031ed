import { z } from "zod";
import { calendarDateSchema, hasAtMostDecimals } from "./calendar-date.js";
import { can, type HasAcls } from "./permissions.js";

/** Project type codes and their constant names (spec part 2 §3). */
export const projectTypes = ["one-shot", "recurring", "cost-based", "hour-pack", "pre-sale"] as const;
export type ProjectType = (typeof projectTypes)[number];
export type ProjectTypeCode = 0 | 1 | 2 | 3 | 4;

export function projectTypeOfCode(code: ProjectTypeCode): ProjectType {
  return projectTypes[code];
}

export const defaultBudget = 0;
export const defaultMarginabilityPercentage = 30;

/** Two decimals, the spec's rounding of every percentage (part 2 §9). */
export function roundPercentage(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Current marginability (spec part 2 §3): 100 minus (work-log cost plus final-balance expenses) over budget, times
 * 100, two decimals; null without a budget, since a margin of nothing is not a number.
 */
export function currentMarginability(budget: number, workLogCost: number, finalBalanceExpenses: number): number | null {
  if (!budget) return null;
  return roundPercentage(100 - ((workLogCost + finalBalanceExpenses) / budget) * 100);
}

// ---------------------------------------------------------------------------------------------------------------
// Wire schemas (decision 006). Money travels as numbers with at most 2 decimals and is stored as numeric.

export const projectTypeCodes = [0, 1, 2, 3, 4] as const;

export const memberTags = ["sales", "responsible", "accountable", "consulted", "informed"] as const;
export type MemberTag = (typeof memberTags)[number];

/** The payload's list of user ids for each tag; `salesaccount` is the spec's name for the sales tag. */
export const memberTagFields = {
  sales: "salesaccount",
  responsible: "responsible",
  accountable: "accountable",
  consulted: "consulted",
  informed: "informed",
} as const satisfies Record<MemberTag, string>;

const money = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .min(0, `${field} cannot be negative`)
    .max(1_000_000_000, `${field} is too large`)
    .refine((v) => hasAtMostDecimals(v, 2), `${field} takes at most 2 decimals`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Empty category and area ids are sent as null (spec part 2 §5). */
const optionalId = z
  .union([z.uuid(), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

const userIds = (field: string) =>
  z
    .array(z.uuid({ message: `${field} must list user ids` }))
    .max(200)
    .default([])
    .transform((ids) => [...new Set(ids)]);

export const userRefSchema = z.object({ uid: z.string(), nominative: z.string(), image_url: z.string().nullable() });
export type UserRef = z.infer<typeof userRefSchema>;

export const projectCategorySchema = z.object({ uid: z.string(), name: z.string(), color: z.string() });
export type ProjectCategory = z.infer<typeof projectCategorySchema>;
export const projectAreaSchema = z.object({ uid: z.string(), name: z.string() });
export type ProjectArea = z.infer<typeof projectAreaSchema>;

export const colorSchema = z
  .string({ message: "Color is required" })
  .regex(/^#[0-9a-fA-F]{6}$/, "Color must be written as #rrggbb")
  .transform((v) => v.toLowerCase());

export const projectCategoryInputSchema = z
  .object({
    name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(60),
    color: colorSchema,
  })
  .strict();
export type ProjectCategoryInput = z.infer<typeof projectCategoryInputSchema>;

export const projectAreaInputSchema = z
  .object({ name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(60) })
  .strict();
export type ProjectAreaInput = z.infer<typeof projectAreaInputSchema>;

export const projectInputSchema = z
  .object({
    title: z.string({ message: "Title is required" }).trim().min(1, "Title is required").max(200),
    customer_id: z.uuid({ message: "Customer is required" }),
    project_manager_id: z.uuid({ message: "Project manager is required" }),
    status_id: optionalId,
    category_id: optionalId,
    area_id: optionalId,
    external_reference: optionalText(100),
    not_billable: z.boolean().default(false),
    budget: money("Budget").default(defaultBudget),
    marginability_percentage: z
      .number({ message: "Marginability must be a number" })
      .min(-1000)
      .max(100, "Marginability cannot be more than 100")
      .refine((v) => hasAtMostDecimals(v, 2), "Marginability takes at most 2 decimals")
      .default(defaultMarginabilityPercentage),
    tolerance_days: z.number().int("Tolerance days must be whole days").min(0).max(3650).nullable().default(null),
    project_type: z
      .number()
      .int()
      .refine((v) => (projectTypeCodes as readonly number[]).includes(v), "Project type must be 0 to 4")
      .nullable()
      .default(null),
    contact_name: optionalText(100),
    contact_surname: optionalText(100),
    contact_email: z
      .string()
      .trim()
      .max(254)
      .nullish()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || z.email().safeParse(v).success, "Contact e-mail is not valid"),
    contact_role: optionalText(100),
    description: optionalText(10_000),
    start_date: calendarDateSchema.nullable().default(null),
    end_date: calendarDateSchema.nullable().default(null),
    closing_date: calendarDateSchema.nullable().default(null),
    salesaccount: z
      .array(z.uuid({ message: "salesaccount must list user ids" }), {
        message: "At least one account manager is required",
      })
      .min(1, "At least one account manager is required")
      .max(200)
      .transform((ids) => [...new Set(ids)]),
    responsible: userIds("responsible"),
    accountable: userIds("accountable"),
    consulted: userIds("consulted"),
    informed: userIds("informed"),
  })
  .strict()
  .refine((v) => v.start_date === null || v.end_date === null || v.end_date >= v.start_date, {
    path: ["end_date"],
    message: "The end date cannot be before the start date",
  });
export type ProjectInput = z.infer<typeof projectInputSchema>;
export type ProjectInputFields = z.input<typeof projectInputSchema>;

export const projectUpdateStatuses = ["halted", "potential_risk", "in_progress", "delivered"] as const;
export type ProjectUpdateStatus = (typeof projectUpdateStatuses)[number];
export const defaultProjectUpdateStatus: ProjectUpdateStatus = "in_progress";
/** Spec part 2 §4: Halted red, Potential risk amber, In progress green, Delivered blue (Open light blue). */
export const projectUpdateStatusColors: Record<ProjectUpdateStatus, string> = {
  halted: "red",
  potential_risk: "orange",
  in_progress: "green",
  delivered: "blue",
};

export const projectSchema = z.object({
  uid: z.string(),
  title: z.string(),
  organization_id: z.string(),
  customer_id: z.string().nullable(),
  customer: z.object({ uid: z.string(), nominative: z.string() }).nullable(),
  project_manager: userRefSchema,
  status: z.object({ uid: z.string(), key: z.string(), name: z.string() }),
  category: projectCategorySchema.nullable(),
  area: projectAreaSchema.nullable(),
  external_reference: z.string().nullable(),
  not_billable: z.boolean(),
  budget: z.number(),
  marginability_percentage: z.number(),
  tolerance_days: z.number().nullable(),
  project_type: z.number().nullable(),
  contact_name: z.string().nullable(),
  contact_surname: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_role: z.string().nullable(),
  description: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  members: z.array(z.object({ user: userRefSchema, tags: z.array(z.enum(memberTags)) })),
  /** The latest project update, for the cards; null before the first. */
  latest_update: z.object({ status: z.enum(projectUpdateStatuses), date: z.string(), progress: z.number() }).nullable(),
  /** Percent, from the latest update; 0 before the first. */
  progress: z.number(),
  total_work_log: z.number(),
  total_work_log_cost: z.number(),
  total_final_balance_expenses: z.number(),
  /** See `currentMarginability`; null without a budget. */
  current_marginability: z.number().nullable(),
  created_at: z.number(),
});
export type Project = z.infer<typeof projectSchema>;

/** Who may see every project (read project) or only their own (manager or member). */
export function canSeeProject(
  role: HasAcls | null | undefined,
  userId: string,
  project: Pick<Project, "project_manager" | "members">,
): boolean {
  return canSeeProjectWhen(role, isOnProject(userId, project));
}

/** `canSeeProject` for a caller that already knows whether the person is on the project (as its manager or member). */
export function canSeeProjectWhen(role: HasAcls | null | undefined, onProject: boolean): boolean {
  return can(role, "read", "project") || onProject;
}

export function isOnProject(userId: string, project: Pick<Project, "project_manager" | "members">): boolean {
  return isOnProjectOf(
    userId,
    project.project_manager.uid,
    project.members.map((m) => m.user.uid),
  );
}

/** `isOnProject` from the ids alone: the project's manager (if any) and its members. */
export function isOnProjectOf(userId: string, managerId: string | null, memberIds: readonly string[]): boolean {
  return managerId === userId || memberIds.includes(userId);
}

/** Editing a project and its notes, links, updates and expenses: edit on project, or being its manager. */
export function canEditProject(
  role: HasAcls | null | undefined,
  userId: string,
  project: Pick<Project, "project_manager">,
): boolean {
  return can(role, "edit", "project") || project.project_manager.uid === userId;
}

export const expenseTypes = ["estimate", "final_balance"] as const;

export const expenseInputSchema = z
  .object({
    title: z.string({ message: "Title is required" }).trim().min(1, "Title is required").max(200),
    amount: money("Amount"),
    is_final_balance: z.boolean().default(false),
    is_billable: z.boolean().default(false),
    supplier: optionalText(200),
    description: optionalText(5000),
    approver: optionalText(120),
    transacation_date: calendarDateSchema.nullable().default(null),
  })
  .strict()
  // Spec part 2 §4: an estimate is never billable.
  .transform((v) => (v.is_final_balance ? v : { ...v, is_billable: false }));
export type ExpenseInput = z.infer<typeof expenseInputSchema>;

export const expenseSchema = z.object({
  uid: z.string(),
  organization_id: z.string(),
  project_id: z.string(),
  title: z.string(),
  amount: z.number(),
  /** The amount when the expense is an estimate, else null. */
  estimated_amount: z.number().nullable(),
  /** The amount when the expense is a final balance, else null. */
  confirmed_amount: z.number().nullable(),
  is_final_balance: z.boolean(),
  is_billable: z.boolean(),
  supplier: z.string().nullable(),
  description: z.string().nullable(),
  approver: z.string().nullable(),
  transacation_date: z.string().nullable(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** Expense totals of the Expenses tab, in cents internally so a sum of decimals stays exact. */
export function expenseTotals(expenses: readonly Pick<Expense, "amount" | "is_final_balance" | "is_billable">[]) {
  const cents = (v: number) => Math.round(v * 100);
  let estimated = 0;
  let finalBalance = 0;
  let billable = 0;
  for (const e of expenses) {
    if (e.is_final_balance) finalBalance += cents(e.amount);
    else estimated += cents(e.amount);
    if (e.is_billable) billable += cents(e.amount);
  }
  return { estimated: estimated / 100, finalBalance: finalBalance / 100, billable: billable / 100 };
}

export const noteSchema = z.object({
  uid: z.string(),
  note: z.string(),
  created_at: z.number(),
  created_by: userRefSchema.nullable(),
});
export type Note = z.infer<typeof noteSchema>;
export const noteInputSchema = z
  .object({ note: z.string().max(20_000, "The note is at most 20000 characters") })
  .strict();

export const projectLinkSchema = z.object({ link_id: z.string(), title: z.string(), url: z.string() });
export type ProjectLink = z.infer<typeof projectLinkSchema>;
/** The WHATWG URL parser, which both runtimes of this package have (browsers and Node); its own types name neither. */
declare const URL: new (input: string) => { readonly protocol: string; readonly href: string };

/** The schemes a project link may open: the web and e-mail, never `javascript:`, `data:` or a file. */
export const linkUrlSchemes = ["http:", "https:", "mailto:"] as const;

export const linkUrlMessage = "The address must be a web address (http or https) or a mailto: address";

/**
 * The address a project link opens, normalized, or null when it may not be a link: text without a scheme is taken as
 * a web address ("example.com" opens https://example.com/), and only web and mail addresses are kept. Tabs and line
 * breaks are dropped first, as a browser drops them from an address (so "java\tscript:" is `javascript:` there too).
 * Empty text is no address: "".
 */
export function linkHref(text: string): string | null {
  const url = text.replace(/[\t\n\r]/g, "").trim();
  if (!url) return "";
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return (linkUrlSchemes as readonly string[]).includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

export const projectLinkInputSchema = z
  .object({
    title: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(200),
    // The spec (part 2 §5) leaves the address free; issue 19 asks the server to keep other clients from getting a
    // `javascript:` link: the address is normalized by `linkHref`, and refused when it is not a web or mail address.
    url: z
      .string()
      .max(2000)
      .meta({
        description:
          "A web address (http or https; one without a scheme is taken as https) or a mailto: address, saved " +
          "normalized (`example.com` becomes `https://example.com/`). Empty: no address. Any other scheme is refused.",
      })
      .default("")
      .transform((text, context) => {
        const href = linkHref(text);
        if (href === null) context.addIssue({ code: "custom", message: linkUrlMessage });
        return href ?? "";
      }),
  })
  .strict();

export const projectUpdateSchema = z.object({
  update_id: z.string(),
  status: z.enum(projectUpdateStatuses),
  data: z.object({ update: z.string(), priorities: z.string(), roadblocks: z.string() }),
  date: z.string(),
  progress: z.number(),
});
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;
export const projectUpdateInputSchema = z
  .object({
    status: z.enum(projectUpdateStatuses).default(defaultProjectUpdateStatus),
    update: z.string().trim().max(10_000).default(""),
    priorities: z.string().trim().max(10_000).default(""),
    roadblocks: z.string().trim().max(10_000).default(""),
    progress: z.number().int("Progress is a whole percentage").min(0).max(100).default(0),
    date: calendarDateSchema.optional(),
  })
  .strict();

/** The filter modal's values (spec part 2 §2 "Projects list"); empty values do not filter. */
export interface ProjectFilter {
  projectTitle?: string;
  customerName?: readonly string[];
  referenceQuote?: string;
  projectLeader?: readonly string[];
  status?: readonly string[];
  projectCategory?: readonly string[];
  projectType?: readonly number[];
  /** Matched by exact equality, as the spec says. */
  budget?: number | null;
  /** Matched by exact equality with the current marginability. */
  marginality?: number | null;
}

const folded = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
const containsText = (value: string | null | undefined, search: string | undefined) =>
  !search?.trim() || folded(value ?? "").includes(folded(search.trim()));
const inList = <T>(value: T | null | undefined, list: readonly T[] | undefined) =>
  !list?.length || (value !== null && value !== undefined && list.includes(value));

export function matchesProjectFilter(project: Project, filter: ProjectFilter): boolean {
  return (
    containsText(project.title, filter.projectTitle) &&
    inList(project.customer?.nominative, filter.customerName) &&
    containsText(project.external_reference, filter.referenceQuote) &&
    inList(project.project_manager.uid, filter.projectLeader) &&
    inList(project.status.uid, filter.status) &&
    inList(project.category?.uid, filter.projectCategory) &&
    inList(project.project_type, filter.projectType) &&
    (filter.budget === undefined || filter.budget === null || project.budget === filter.budget) &&
    (filter.marginality === undefined ||
      filter.marginality === null ||
      project.current_marginability === filter.marginality)
  );
}

/** The search box: title, customer, external reference or manager. */
export function matchesProjectSearch(project: Project, search: string): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const haystack = folded(
    [project.title, project.customer?.nominative, project.external_reference, project.project_manager.nominative]
      .filter(Boolean)
      .join(" "),
  );
  return words.every((word) => haystack.includes(word));
}

/** Columns of the projects CSV export, in the spec's order (part 2 §2). */
export const projectCsvHeader = [
  "title",
  "customer",
  "externalReference",
  "projectManager",
  "status",
  "projectType",
  "category",
  "area",
  "budget",
  "currentMarginability",
  "startDate",
  "endDate",
] as const;

export function projectCsvRow(project: Project): (string | number | null)[] {
  return [
    project.title,
    project.customer?.nominative ?? null,
    project.external_reference,
    project.project_manager.nominative,
    project.status.name,
    project.project_type === null ? null : projectTypeOfCode(project.project_type as ProjectTypeCode),
    project.category?.name ?? null,
    project.area?.name ?? null,
    project.budget,
    project.current_marginability,
    project.start_date,
    project.end_date,
  ];
}

/** A period of the projects table's picker, `YYYY-MM-DD` at each end; null is an open side. */
export type DateRange = [string | null, string | null];

/**
 * Whether the project runs at some point of the range (both `YYYY-MM-DD`, ends included). A project without a
 * start has been running since always, one without an end runs on; a project with neither date has no period
 * to compare, so a chosen range leaves it out. An open side of the range does not limit.
 */
export function overlapsRange(project: Pick<Project, "start_date" | "end_date">, [from, to]: DateRange): boolean {
  if (!from && !to) return true;
  if (!project.start_date && !project.end_date) return false;
  const startsBeforeRangeEnds = !to || !project.start_date || project.start_date <= to;
  const endsAfterRangeStarts = !from || !project.end_date || project.end_date >= from;
  return startsBeforeRangeEnds && endsAfterRangeStarts;
}

/** My-projects view (spec part 2 §2): the projects the user leads, and the ones whose team they are on without leading them. */
export function splitMyProjects(projects: readonly Project[], userId: string) {
  const managed = projects.filter((p) => p.project_manager.uid === userId);
  // On the team is on the team, whether or not the person also manages the project: a manager who is also its
  // responsible finds it in both sections.
  const member = projects.filter((p) => p.members.some((m) => m.user.uid === userId));
  return { managed, member };
}

/** One person of a project's team as the project page lists them: the manager first, each person once. */
export interface ProjectTeamRow {
  user: Project["project_manager"];
  manager: boolean;
  tags: MemberTag[];
}

/**
 * Spec part 2 §6: the project manager, then the members with their tags in the spec's order. A manager who is also a
 * member (the responsible, say) is one row: the manager's, with their tags.
 */
export function projectTeamRows(project: Pick<Project, "project_manager" | "members">): ProjectTeamRow[] {
  const ordered = (tags: readonly MemberTag[]) => memberTags.filter((tag) => tags.includes(tag));
  const managerUid = project.project_manager.uid;
  const managerTags = project.members.filter((m) => m.user.uid === managerUid).flatMap((m) => m.tags);
  const rows: ProjectTeamRow[] = [{ user: project.project_manager, manager: true, tags: ordered(managerTags) }];
  const seen = new Set([managerUid]);
  for (const member of project.members) {
    if (seen.has(member.user.uid)) continue;
    seen.add(member.user.uid);
    rows.push({ user: member.user, manager: false, tags: ordered(member.tags) });
  }
  return rows;
}
