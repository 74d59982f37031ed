import {
  type Acl,
  type ApprovalPeriod,
  approvalPeriods,
  type ContractType,
  contractTypes,
  type DeliveryState,
  deliveryStates,
  eventTypes,
  type HalfDay,
  type HolidayConvention,
  type HolidaySource,
  type HoursByDay,
  halfDays,
  holidayConventions,
  holidaySources,
  type IntegrationMetadata,
  type IntegrationService,
  type IntegrationStatus,
  type IntegrationTokenType,
  type ItemService,
  integrationServices,
  integrationStatuses,
  integrationTokenTypes,
  itemServices,
  type JobState,
  jobStates,
  type Language,
  languages,
  type MemberTag,
  memberTags,
  type Plan,
  type PlanConfigEntry,
  type PreferencesPatch,
  type ProjectUpdateStatus,
  projectUpdateStatuses,
  recurrenceFrequencies,
  type SubscriptionStatus,
  subscriptionStatuses,
  type TimeOffStatus,
  type TimesheetPeriodStatus,
  timeOffStatuses,
  timesheetPeriodStatuses,
  type UserStatus,
  userStatuses,
  type WebhookConditions,
  type WebhookEvent,
  type WriteBackState,
  writeBackStates,
} from "@timetrap/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** `value in ('a', 'b')` from a constant list of the domain, so the database and the rules agree. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    nominative: text("nominative").notNull(),
    imageUrl: text("image_url"),
    /** Null for users who only sign in with Google, and for invited users until they choose one. */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub").unique(),
    externalUid: text("external_uid"),
    status: text("status").$type<UserStatus>().notNull().default("active"),
    language: text("language").$type<Language>().notNull().default("it"),
    /** Possibly partial: read through `withPreferenceDefaults`. */
    preferences: jsonb("preferences").$type<PreferencesPatch>().notNull().default({}),
    termsOfUse: boolean("terms_of_use").notNull().default(false),
    privacyPolicy: boolean("privacy_policy").notNull().default(false),
    cookieConsent: boolean("cookie_consent"),
    hourlyCost: numeric("hourly_cost", { precision: 12, scale: 2, mode: "number" }),
    contractualHours: numeric("contractual_hours", { precision: 5, scale: 2, mode: "number" }),
    productivityTarget: numeric("productivity_target", { precision: 5, scale: 2, mode: "number" }),
    /** Part of every session token; bumping it ends every earlier session. */
    passwordVersion: integer("password_version").notNull().default(0),
    /** When the owner proved the mailbox (verification link, invitation link, Google); null until then. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("users_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("users_status_known", oneOf(t.status, userStatuses)),
    check("users_language_known", oneOf(t.language, languages)),
  ],
);

export const plans = pgTable("plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  config: jsonb("config").$type<PlanConfigEntry[]>().notNull(),
  subscription: jsonb("subscription").$type<Plan["subscription"]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    language: text("language").$type<Language>().notNull(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    subscriptionId: text("subscription_id"),
    /** The Paddle subscription's status (decision 031); `none` without one. */
    subscriptionStatus: text("subscription_status").$type<SubscriptionStatus>().notNull().default("none"),
    /** Paddle's customer id (`ctm_…`), kept from the first subscription event. */
    billingCustomerId: text("billing_customer_id"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Paddle's scheduled change (`{action, effective_at}`), such as a cancellation at the period's end. */
    scheduledChange: jsonb("scheduled_change").$type<{ action: string; effective_at: string } | null>(),
    /** The `occurred_at` of the last subscription event applied: an older one arriving late changes nothing. */
    subscriptionEventAt: timestamp("subscription_event_at", { withTimezone: true }),
    /** Every member must sign in with a second factor; one without is sent to enrolment at the next sign-in. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /** The period a timesheet is submitted and approved for (decision 026). */
    approvalPeriod: text("approval_period").$type<ApprovalPeriod>().notNull().default("week"),
    /** Every activity on a day before this one is locked, as an approved period is; null locks nothing. */
    lockBefore: date("lock_before", { mode: "string" }),
    /** A person's activities may not overlap one another (touching ends are not an overlap). */
    preventOverlappingActivities: boolean("prevent_overlapping_activities").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("organizations_language_known", oneOf(t.language, languages)),
    check("organizations_approval_period_known", oneOf(t.approvalPeriod, approvalPeriods)),
    check("organizations_subscription_status_known", oneOf(t.subscriptionStatus, subscriptionStatuses)),
  ],
);

/** A domain belongs to at most one organization: the unique index is the rule, not a prior read. */
export const organizationDomains = pgTable(
  "organization_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    domain: text("domain").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index("organization_domains_organization_idx").on(t.organizationId)],
);

export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    acls: jsonb("acls").$type<Acl[]>().notNull(),
    /** admin, manager or member for the roles made with the organization; null for custom roles. */
    key: text("key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("roles_organization_key").on(t.organizationId, t.key),
    unique("roles_organization_id").on(t.organizationId, t.id),
  ],
);

export const organizationMembers = pgTable(
  "organization_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Unique: a user belongs to one organization. */
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id").notNull(),
    /** The person's holiday group; null: the organization's default group (if it has any). */
    holidayGroupId: uuid("holiday_group_id").references((): AnyPgColumn => holidayGroups.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The role must be one of the same organization's roles, whatever the code above does.
    foreignKey({
      name: "organization_members_role_fk",
      columns: [t.organizationId, t.roleId],
      foreignColumns: [roles.organizationId, roles.id],
    }),
    index("organization_members_organization_idx").on(t.organizationId),
  ],
);

export const workflowStatuses = pgTable(
  "workflow_statuses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    /** The constant statuses (open, to_be_invoiced, completed) cannot be deleted. */
    editable: boolean("editable").notNull().default(true),
    selectedByDefault: boolean("selected_by_default").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("workflow_statuses_organization_key").on(t.organizationId, t.key),
    unique("workflow_statuses_organization_id").on(t.organizationId, t.id),
  ],
);

export const passwordTokenPurposes = ["reset", "invite", "verify"] as const;
export type PasswordTokenPurpose = (typeof passwordTokenPurposes)[number];

/** One-time links that let a person choose a password: a reset, or the acceptance of an invitation. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<PasswordTokenPurpose>().notNull().default("reset"),
    /** sha256 of the token, hex: a leaked table does not give working links. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_reset_tokens_user_idx").on(t.userId),
    check("password_reset_tokens_purpose_known", oneOf(t.purpose, passwordTokenPurposes)),
  ],
);

/** Kept in the database, not in memory, so the sign-in limit holds across several instances. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sign_in_failures_lookup_idx").on(t.email, t.ip, t.failedAt),
    index("sign_in_failures_failed_at_idx").on(t.failedAt),
  ],
);

/**
 * A signed-in device. The bearer token names its row, so ending the row ends the session at once. It ends after
 * `idle` without use or at `expires_at` (30 days after sign-in), whichever comes first.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /**
     * Opened for a member of an organization that requires two-factor sign-in who has no second factor yet: until
     * they enrol, the session reaches only the enrolment calls.
     */
    enrolmentRequired: boolean("enrolment_required").notNull().default(false),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * A personal access token (decision 024): a token a person makes for a script. Only the SHA-256 of the token is kept
 * (it is 32 random bytes, so no slow hash is needed to make guessing it hopeless); `hint` is its visible beginning.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "read" or "write". */
    scope: text("scope").notNull(),
    tokenHash: text("token_hash").notNull(),
    hint: text("hint").notNull(),
    createdAt: createdAt(),
    /** Null: it does not expire. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    useCount: bigint("use_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    unique("access_tokens_token_hash_unique").on(t.tokenHash),
    index("access_tokens_user_idx").on(t.userId),
    check("access_tokens_scope_check", sql`${t.scope} in ('read', 'write')`),
  ],
);

export const invitationStatuses = ["pending", "accepted", "declined", "revoked"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/**
 * An offer to join an organization, not a membership: the person joins only by accepting it. A pending
 * invitation takes a plan seat until it expires or is answered; at most one is pending per organization and e-mail.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    nominative: text("nominative").notNull(),
    roleId: uuid("role_id").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** sha256 of the link's token, hex; a resend replaces it, so earlier links stop working. */
    tokenHash: text("token_hash").notNull().unique(),
    status: text("status").$type<InvitationStatus>().notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    /** The account that accepted or declined. */
    respondedBy: uuid("responded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "invitations_role_fk",
      columns: [t.organizationId, t.roleId],
      foreignColumns: [roles.organizationId, roles.id],
    }).onDelete("cascade"),
    uniqueIndex("invitations_pending_email_unique").on(t.organizationId, t.email).where(sql`${t.status} = 'pending'`),
    index("invitations_email_idx").on(t.email),
    check("invitations_email_lower_case", sql`${t.email} = lower(${t.email})`),
    check("invitations_status_known", oneOf(t.status, invitationStatuses)),
  ],
);

/**
 * Counters of fixed windows for every limit (sign-in failures, e-mails sent, API calls). An attempt is counted
 * by the statement that decides it (an upsert returning the new count), so a limit holds under concurrent
 * requests and across instances.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    /** What is limited and by what, such as `sign-in:account`. */
    scope: text("scope").notNull(),
    /** Who is counted: an e-mail, an address, a user id, or several joined. */
    subject: text("subject").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "rate_limit_counters_pk", columns: [t.scope, t.subject, t.windowStart] }),
    index("rate_limit_counters_window_idx").on(t.windowStart),
  ],
);

/** A user's employment terms over a period; the contracts of one user never overlap (checked by the service). */
export const userContracts = pgTable(
  "user_contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contractType: text("contract_type").$type<ContractType>().notNull(),
    contractualHours: integer("contractual_hours").notNull().default(0),
    contractualHoursByDay: jsonb("contractual_hours_by_day").$type<HoursByDay>(),
    hourlyCost: numeric("hourly_cost", { precision: 12, scale: 2, mode: "number" }).notNull(),
    productivityTarget: numeric("productivity_target", { precision: 4, scale: 1, mode: "number" }).notNull(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    /** Null: no end date. */
    toDate: date("to_date", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_contracts_user_idx").on(t.userId, t.fromDate),
    index("user_contracts_organization_idx").on(t.organizationId),
    check("user_contracts_type_known", oneOf(t.contractType, contractTypes)),
    check("user_contracts_period", sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
    check("user_contracts_non_negative", sql`${t.hourlyCost} >= 0 and ${t.contractualHours} >= 0`),
  ],
);

export const overheads = pgTable(
  "overheads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("overheads_organization_idx").on(t.organizationId, t.fromDate),
    check("overheads_period", sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
    check("overheads_non_negative", sql`${t.amount} >= 0`),
  ],
);

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    nominative: text("nominative").notNull(),
    email: text("email"),
    fiscalCode: text("fiscal_code"),
    vatNumber: text("vat_number"),
    externalId: text("external_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customers_organization_idx").on(t.organizationId),
    unique("customers_organization_id").on(t.organizationId, t.id),
  ],
);

export const projectCategories = pgTable(
  "project_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("project_categories_organization_id").on(t.organizationId, t.id)],
);

export const projectAreas = pgTable(
  "project_areas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("project_areas_organization_id").on(t.organizationId, t.id)],
);

/**
 * The projects of an organization. The customer and status keys include the organization, so a project can only point
 * at those of its own organization whatever the code above does; both are restricted, so one in use cannot be deleted
 * from under a project.
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    customerId: uuid("customer_id"),
    statusId: uuid("status_id").notNull(),
    projectManagerId: uuid("project_manager_id"),
    categoryId: uuid("category_id"),
    areaId: uuid("area_id"),
    externalReference: text("external_reference"),
    notBillable: boolean("not_billable").notNull().default(false),
    budget: numeric("budget", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
    marginabilityPercentage: numeric("marginability_percentage", { precision: 7, scale: 2, mode: "number" })
      .notNull()
      .default(30),
    toleranceDays: integer("tolerance_days"),
    projectType: integer("project_type"),
    contactName: text("contact_name"),
    contactSurname: text("contact_surname"),
    contactEmail: text("contact_email"),
    contactRole: text("contact_role"),
    description: text("description"),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    closingDate: date("closing_date", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_organization_idx").on(t.organizationId),
    unique("projects_organization_id").on(t.organizationId, t.id),
    foreignKey({
      name: "projects_customer_fk",
      columns: [t.organizationId, t.customerId],
      foreignColumns: [customers.organizationId, customers.id],
    }).onDelete("restrict"),
    foreignKey({
      name: "projects_status_fk",
      columns: [t.organizationId, t.statusId],
      foreignColumns: [workflowStatuses.organizationId, workflowStatuses.id],
    }).onDelete("restrict"),
    // A single-column key so deleting the categories only clears it here; the service checks the organization.
    foreignKey({
      name: "projects_category_fk",
      columns: [t.categoryId],
      foreignColumns: [projectCategories.id],
    }).onDelete("set null"),
    // A single-column key so deleting the areas only clears it here; the service checks the organization.
    foreignKey({ name: "projects_area_fk", columns: [t.areaId], foreignColumns: [projectAreas.id] }).onDelete(
      "set null",
    ),
    foreignKey({
      name: "projects_manager_fk",
      columns: [t.projectManagerId],
      foreignColumns: [users.id],
    }).onDelete("set null"),
    check("projects_budget_non_negative", sql`${t.budget} >= 0`),
    check("projects_type_known", sql`${t.projectType} is null or ${t.projectType} between 0 and 4`),
  ],
);

/** People on a project with their tags (sales, and the RACI letters); one row per person and tag. */
export const projectMembers = pgTable(
  "project_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag").$type<MemberTag>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("project_members_project_user_tag").on(t.projectId, t.userId, t.tag),
    index("project_members_user_idx").on(t.userId),
    check("project_members_tag_known", oneOf(t.tag, memberTags)),
  ],
);

export const expenses = pgTable(
  "expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    isFinalBalance: boolean("is_final_balance").notNull().default(false),
    isBillable: boolean("is_billable").notNull().default(false),
    supplier: text("supplier"),
    description: text("description"),
    approver: text("approver"),
    transactionDate: date("transaction_date", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("expenses_project_idx").on(t.projectId),
    check("expenses_amount_non_negative", sql`${t.amount} >= 0`),
    // Spec part 2 §4: an estimate is never billable.
    check("expenses_estimate_not_billable", sql`${t.isFinalBalance} or not ${t.isBillable}`),
  ],
);

export const projectNotes = pgTable(
  "project_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("project_notes_project_idx").on(t.projectId)],
);

export const projectLinks = pgTable(
  "project_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("project_links_project_idx").on(t.projectId)],
);

export const projectUpdates = pgTable(
  "project_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    status: text("status").$type<ProjectUpdateStatus>().notNull(),
    update: text("update").notNull().default(""),
    priorities: text("priorities").notNull().default(""),
    roadblocks: text("roadblocks").notNull().default(""),
    progress: integer("progress").notNull().default(0),
    date: date("date", { mode: "string" }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("project_updates_project_idx").on(t.projectId, t.date),
    check("project_updates_status_known", oneOf(t.status, projectUpdateStatuses)),
    check("project_updates_progress_percent", sql`${t.progress} between 0 and 100`),
  ],
);

export const taskCategories = pgTable(
  "task_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    isUsedForTasks: boolean("is_used_for_tasks").notNull().default(true),
    isUsedForPlanning: boolean("is_used_for_planning").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique("task_categories_organization_id").on(t.organizationId, t.id)],
);

/** Tasks and subtasks; a subtask's parent is a task of the same project (checked by the service, with no cycles). */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => tasks.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id"),
    name: text("name").notNull(),
    description: text("description"),
    dueDate: timestamp("due_date", { withTimezone: true, mode: "date" }),
    color: text("color"),
    complete: boolean("complete").notNull().default(false),
    priority: integer("priority").notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tasks_project_idx").on(t.projectId),
    index("tasks_user_idx").on(t.userId),
    index("tasks_parent_idx").on(t.parentId),
    foreignKey({
      name: "tasks_project_fk",
      columns: [t.organizationId, t.projectId],
      foreignColumns: [projects.organizationId, projects.id],
    }).onDelete("cascade"),
    // A single-column key so deleting a category only clears it here; the service checks the organization.
    foreignKey({ name: "tasks_category_fk", columns: [t.categoryId], foreignColumns: [taskCategories.id] }).onDelete(
      "set null",
    ),
    check("tasks_priority_known", sql`${t.priority} in (10, 20, 30, 40, 50)`),
    check("tasks_not_own_parent", sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/**
 * A recurring series' rule. Its template is the one event whose `recurrence_id` points here (unique); deleting the
 * rule deletes the template. Occurrences are computed in the owner's time zone, never stored.
 */
export const recurrences = pgTable(
  "recurrences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    every: integer("every").notNull(),
    frequency: text("frequency").notNull(),
    dayOfWeeks: integer("day_of_weeks").array().notNull().default(sql`'{}'::integer[]`),
    until: date("until", { mode: "string" }),
    repeat: integer("repeat"),
    /** Start times (epoch ms) of skipped occurrences. */
    skip: jsonb("skip").$type<number[]>().notNull().default([]),
    endDate: timestamp("end_date", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurrences_user_idx").on(t.userId),
    check("recurrences_frequency_known", oneOf(t.frequency, recurrenceFrequencies)),
    check("recurrences_every_range", sql`${t.every} between 1 and 99`),
    check("recurrences_repeat_range", sql`${t.repeat} is null or ${t.repeat} between 0 and 99`),
  ],
);

/** Time blocks: planning or activity, standalone or the template of a series. */
export const timeBlockingEvents = pgTable(
  "time_blocking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    startTime: timestamp("start_time", { withTimezone: true, mode: "date" }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true, mode: "date" }).notNull(),
    allDay: boolean("all_day").notNull().default(false),
    color: text("color").notNull().default("#3788d8"),
    /** Seconds. */
    elapsedTime: integer("elapsed_time").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    eventType: text("event_type").notNull().default("activity"),
    source: text("source").notNull().default("timetrap"),
    sourceId: text("source_id"),
    calendarId: text("calendar_id"),
    // Single-column keys so deleting a project, category or task keeps the logged time and only unlinks it; the
    // service checks that each belongs to the event's organization.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    categoryId: uuid("category_id").references(() => taskCategories.id, { onDelete: "set null" }),
    taskLinkedId: uuid("task_linked_id").references(() => tasks.id, { onDelete: "set null" }),
    recurrenceId: uuid("recurrence_id").references(() => recurrences.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Range reads scan (user, start); an event lasts at most 31 days, which bounds the scan from below.
    index("time_blocking_events_user_start_idx").on(t.userId, t.startTime),
    index("time_blocking_events_project_idx").on(t.projectId),
    index("time_blocking_events_task_idx").on(t.taskLinkedId),
    // Logged time (completed activities) is what every report adds up: per person and day for the timesheet and the
    // dashboards, per project (newest first) for the statistics and the time entries. Partial, so they hold only it;
    // after the range's key, the columns the sums read, so that the database answers from the index alone (index-only
    // scans) instead of visiting a table page per event.
    index("time_blocking_events_logged_user_idx")
      .on(t.userId, t.startTime, t.elapsedTime, t.organizationId, t.projectId, t.categoryId)
      .where(sql`${t.eventType} = 'activity' and ${t.completed}`),
    index("time_blocking_events_logged_project_idx")
      .on(t.projectId, t.startTime, t.userId, t.elapsedTime, t.organizationId)
      .where(sql`${t.eventType} = 'activity' and ${t.completed} and ${t.projectId} is not null`),
    // What the reports add up besides logged time: stored planning blocks per person and day (with what their lengths
    // read, for index-only scans); a project's blocks not yet logged; and the series templates of people or of a
    // project, whose occurrences the reports expand in SQL.
    index("time_blocking_events_planning_user_idx")
      .on(t.userId, t.startTime, t.endTime, t.organizationId)
      .where(sql`${t.eventType} = 'planning' and ${t.recurrenceId} is null`),
    index("time_blocking_events_unlogged_project_idx")
      .on(t.projectId, t.startTime)
      .where(sql`${t.recurrenceId} is null and (${t.eventType} = 'planning' or not ${t.completed})`),
    index("time_blocking_events_series_user_idx").on(t.userId).where(sql`${t.recurrenceId} is not null`),
    index("time_blocking_events_series_project_idx").on(t.projectId).where(sql`${t.recurrenceId} is not null`),
    unique("time_blocking_events_recurrence_template").on(t.recurrenceId),
    check("time_blocking_events_end_after_start", sql`${t.endTime} > ${t.startTime}`),
    check("time_blocking_events_type_known", oneOf(t.eventType, eventTypes)),
    check("time_blocking_events_elapsed_not_negative", sql`${t.elapsedTime} >= 0`),
  ],
);

/** The running timer; the primary key on the user is what guarantees one running timer per person. */
export const timers = pgTable("timers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  eventId: uuid("event_id")
    .notNull()
    .references(() => timeBlockingEvents.id, { onDelete: "cascade" }),
  startTime: timestamp("start_time", { withTimezone: true, mode: "date" }).notNull(),
  createdAt: createdAt(),
});

/**
 * A person's TOTP authenticator (RFC 6238). The row exists from setup; it is a second factor only once a first code
 * confirmed it (`enabled_at`).
 */
export const totpFactors = pgTable("totp_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The shared secret, encrypted at rest with a key derived from the server's secret. */
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (no replay). */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, hashed; a regeneration replaces the whole set. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/** A WebAuthn credential (a passkey) of a person: a way to sign in alone or a second factor after a password. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the authenticator gives it. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen; an assertion must raise it (unless the authenticator keeps none: 0). */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    deviceType: text("device_type").notNull().default("singleDevice"),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export const authChallengePurposes = ["passkey-register", "passkey-sign-in", "passkey-second-factor"] as const;
export type AuthChallengePurpose = (typeof authChallengePurposes)[number];

/** A WebAuthn challenge, single-use and short-lived: taking it deletes it, so an assertion cannot be replayed. */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null for a passkey sign-in, where nobody is known until the assertion names its credential. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AuthChallengePurpose>().notNull(),
    challenge: text("challenge").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("auth_challenges_expires_at_idx").on(t.expiresAt),
    check("auth_challenges_purpose_known", oneOf(t.purpose, authChallengePurposes)),
  ],
);

/**
 * The ticket between a right password and the second factor: short-lived, single-purpose, hashed. Wrong codes
 * against it are counted (and throttled with the sign-in's limits).
 */
export const mfaTickets = pgTable(
  "mfa_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ticketHash: text("ticket_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    failures: integer("failures").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_tickets_expires_at_idx").on(t.expiresAt)],
);

/**
 * The audit log: security and administration events, append-only (a trigger refuses updates, and deletes of rows
 * younger than the two years' retention). No foreign keys: an entry outlives the people and things it names.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The organization whose log shows it; null for a person's own events outside any organization. */
    organizationId: uuid("organization_id"),
    /** Who did it; null when nobody was signed in (a failed sign-in, a link followed). */
    actorId: uuid("actor_id"),
    /** Whose account the event concerns (the profile's security events): the actor, or the person acted on. */
    userId: uuid("user_id"),
    kind: text("kind").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    ip: text("ip").notNull().default(""),
    device: text("device").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_events_organization_idx").on(t.organizationId, t.at, t.id),
    index("audit_events_user_idx").on(t.userId, t.at, t.id),
    index("audit_events_at_idx").on(t.at),
  ],
);

/**
 * The API's request budgets (decision 025): one row per budget and caller (a session or a personal access token), a
 * fixed window that starts at the caller's first request in it, as @fastify/rate-limit's own stores count. UNLOGGED
 * (in its migration, which drizzle's schema cannot state): every authenticated request writes it, and a counter lost
 * in a crash costs nothing, while its WAL record and flush cost a third of a board request's database time.
 */
export const apiRateLimits = pgTable(
  "api_rate_limits",
  {
    /** The budget and the caller, such as `api:token:<id>` or `export:session:<id>`. */
    key: text("key").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("api_rate_limits_window_idx").on(t.windowStart)],
);

/**
 * A POST's idempotency key and its answer (decision 025), written in the transaction of the POST's own writes, so that
 * a create is never committed without the answer a retry replays. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of the method, path and canonical body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The answer's status, body and type; null only inside the transaction that claimed the key. */
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pk", columns: [t.userId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);

/**
 * A holiday group (decision 026): the public holidays of a country (and region), from date-holidays, plus the
 * organization's own days. Every member belongs to one: their own, else the organization's default (`is_default`, at
 * most one per organization). An organization without groups has no holidays.
 */
export const holidayGroups = pgTable(
  "holiday_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text("country").notNull(),
    /** date-holidays' state or region code within the country; null: the whole country. */
    region: text("region"),
    convention: text("convention").$type<HolidayConvention>().notNull().default("reduce"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("holiday_groups_organization_idx").on(t.organizationId),
    uniqueIndex("holiday_groups_one_default").on(t.organizationId).where(sql`${t.isDefault}`),
    check("holiday_groups_convention_known", oneOf(t.convention, holidayConventions)),
  ],
);

/**
 * The days of a holiday group: its country's public holidays, written out for a span of years when the group is made or
 * its country changes, and the organization's own days. The reports join them by day.
 */
export const holidayDays = pgTable(
  "holiday_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => holidayGroups.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    halfDay: boolean("half_day").notNull().default(false),
    source: text("source").$type<HolidaySource>().notNull(),
  },
  (t) => [
    index("holiday_days_group_date_idx").on(t.groupId, t.date),
    unique("holiday_days_group_date_source").on(t.groupId, t.date, t.source),
    check("holiday_days_source_known", oneOf(t.source, holidaySources)),
  ],
);

/** A kind of time off of an organization (vacation, sick leave, permit, unpaid by default). */
export const timeOffKinds = pgTable(
  "time_off_kinds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    paid: boolean("paid").notNull().default(true),
    needsApproval: boolean("needs_approval").notNull().default(true),
    /** Days a year each person may take, unless set on the person; null: no allowance is kept. */
    yearlyAllowanceDays: numeric("yearly_allowance_days", { precision: 5, scale: 1, mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("time_off_kinds_organization_idx").on(t.organizationId),
    unique("time_off_kinds_organization_id").on(t.organizationId, t.id),
    check("time_off_kinds_allowance", sql`${t.yearlyAllowanceDays} is null or ${t.yearlyAllowanceDays} >= 0`),
  ],
);

/** A person's allowance of a kind in a year, where it differs from the kind's. */
export const timeOffAllowances = pgTable(
  "time_off_allowances",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kindId: uuid("kind_id")
      .notNull()
      .references(() => timeOffKinds.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    days: numeric("days", { precision: 5, scale: 1, mode: "number" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "time_off_allowances_pk", columns: [t.userId, t.kindId, t.year] }),
    check("time_off_allowances_days", sql`${t.days} >= 0`),
  ],
);

/**
 * A person's time off: whole days from `start_date` to `end_date`, or on one day a half day or some hours. Approved
 * time off lowers the capacity of its days (decision 026).
 */
export const timeOff = pgTable(
  "time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kindId: uuid("kind_id").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    halfDay: text("half_day").$type<HalfDay>(),
    hours: numeric("hours", { precision: 4, scale: 2, mode: "number" }),
    note: text("note").notNull().default(""),
    status: text("status").$type<TimeOffStatus>().notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A kind with time off cannot be deleted (the service answers 409 first).
    foreignKey({
      name: "time_off_kind_fk",
      columns: [t.organizationId, t.kindId],
      foreignColumns: [timeOffKinds.organizationId, timeOffKinds.id],
    }),
    index("time_off_user_start_idx").on(t.userId, t.startDate),
    index("time_off_organization_start_idx").on(t.organizationId, t.startDate),
    check("time_off_status_known", oneOf(t.status, timeOffStatuses)),
    check("time_off_half_day_known", sql`${t.halfDay} is null or ${oneOf(t.halfDay, halfDays)}`),
    check("time_off_period", sql`${t.endDate} >= ${t.startDate} and ${t.endDate} - ${t.startDate} < 366`),
    check(
      "time_off_part_of_one_day",
      sql`(${t.halfDay} is null and ${t.hours} is null) or (${t.startDate} = ${t.endDate} and (${t.halfDay} is null or ${t.hours} is null))`,
    ),
    check("time_off_hours", sql`${t.hours} is null or (${t.hours} > 0 and ${t.hours} <= 24)`),
  ],
);

/**
 * A person's timesheet period (a week or a month, as the organization's setting was when it was submitted): its
 * approval state. No row: open. An approved period locks the person's activities of its days (decision 026).
 */
export const timesheetPeriods = pgTable(
  "timesheet_periods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    status: text("status").$type<TimesheetPeriodStatus>().notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("timesheet_periods_user_start").on(t.userId, t.periodStart),
    index("timesheet_periods_organization_start_idx").on(t.organizationId, t.periodStart),
    index("timesheet_periods_approved_idx").on(t.userId, t.periodEnd).where(sql`${t.status} = 'approved'`),
    check("timesheet_periods_status_known", oneOf(t.status, timesheetPeriodStatuses)),
    check("timesheet_periods_period", sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/**
 * A person's connection to an outside service (spec §3 "Integration enabling"; decision 029). The credential and the
 * refresh token are AES-256-GCM ciphertexts (`integrations/secret-box.ts`), never plain; the API never answers them.
 */
export const userIntegrations = pgTable(
  "user_integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service: text("service").$type<IntegrationService>().notNull(),
    /** The access token, API key or Basic credential, sealed. */
    credential: text("credential").notNull(),
    /** The OAuth refresh token, sealed; null for keys. */
    refreshToken: text("refresh_token"),
    tokenType: text("token_type").$type<IntegrationTokenType>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** What may be shown (the outside account's e-mail, a Jira site, the scopes granted): never a secret. */
    metadata: jsonb("metadata").$type<IntegrationMetadata>().notNull().default({}),
    status: text("status").$type<IntegrationStatus>().notNull().default("active"),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    /** Whether the time of a completed block from this service is written back to it (decision 032); on by default. */
    writeBack: boolean("write_back").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("user_integrations_user_service").on(t.userId, t.service),
    check("user_integrations_service_known", oneOf(t.service, integrationServices)),
    check("user_integrations_status_known", oneOf(t.status, integrationStatuses)),
    check("user_integrations_token_type_known", oneOf(t.tokenType, integrationTokenTypes)),
  ],
);

/**
 * The `state` of an OAuth authorization under way: bound to the person and the service, single-use (`used_at` is set
 * by the one callback that consumes it), 10 minutes long. The value sent to the service is this id with an HMAC.
 */
export const oauthStates = pgTable(
  "oauth_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service: text("service").$type<IntegrationService>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("oauth_states_expires_idx").on(t.expiresAt),
    check("oauth_states_service_known", oneOf(t.service, integrationServices)),
  ],
);

/**
 * A person's private calendar feed (`/ics/{secret}.ics`, decision 029): found by the secret's SHA-256; the secret
 * itself is kept sealed so that the profile can show the address again. Off: no row.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull().unique(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/**
 * The durable job queue (issue 14, decision 030): webhook deliveries, e-mails and, later, write-backs to outside
 * services. A job is enqueued in the transaction of the change that causes it, claimed by one worker at a time with
 * `FOR UPDATE SKIP LOCKED` (its lease in `locked_until`), retried with backoff until `max_attempts`, then dead.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<JobState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    /** When the job may next be claimed (its first run, or the retry after a failure). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** While claimed: until when the claim holds; a worker that died lets it lapse and another takes the job. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("jobs_state_known", oneOf(t.state, jobStates)),
    check("jobs_attempts_in_range", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('pending', 'running')`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
  ],
);

/** An organization's webhook (spec part 2 §3; decision 030). The signing secret is sealed as integrations' are. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: jsonb("events").$type<WebhookEvent[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    conditions: jsonb("conditions").$type<WebhookConditions>().notNull().default({}),
    /** The signing secret, sealed (AES-256-GCM); its last four characters in `secret_hint`. */
    secret: text("secret").notNull(),
    secretHint: text("secret_hint").notNull(),
    /** Since when every delivery has failed; null after a success. A day of it disables the webhook. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhooks_organization_idx").on(t.organizationId)],
);

/** One event sent to one webhook; `id` is the `X-Timetrap-Delivery` header, `event_id` the body's `id`. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    webhookId: uuid("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    eventId: uuid("event_id").notNull(),
    event: text("event").notNull(),
    /** The JSON body, exactly as signed and sent. */
    body: text("body").notNull(),
    state: text("state").$type<DeliveryState>().notNull().default("pending"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("webhook_deliveries_state_known", oneOf(t.state, deliveryStates)),
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
  ],
);

/** Each attempt of a delivery: when, the answer's status and first bytes, how long it took, or why none came. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

/**
 * The project events sent once (issue 14): each budget threshold (50, 80, 100) once per project, and the margin at
 * risk once until the margin is back at or above its target (then the row goes and the alert is armed again).
 */
export const projectAlerts = pgTable(
  "project_alerts",
  {
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `budget:50`, `budget:80`, `budget:100` or `margin`. */
    alert: text("alert").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.alert] })],
);

/** Paddle's webhook events already handled, by `event_id`: a replay is answered 200 and changes nothing. */
export const billingEvents = pgTable("billing_events", {
  eventId: text("event_id").primaryKey(),
  eventType: text("event_type").notNull(),
  occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
  /** What the event did: `applied`, `stale` (older than the state already kept), `ignored` (no organization). */
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The time of a completed activity written back to the tool it came from (issue 15, decision 032): one row per block,
 * gone with it. `record_id` is the worklog, time entry or comment the block wrote, updated when its time changes;
 * `written_seconds` and `written_date` are what the tool has now. `job_id` is the last job queued for the block (a
 * second one is not queued while it is pending); `lease_until` is held by the one run writing the block's time, so
 * two runs for one block never overlap.
 */
export const writeBacks = pgTable(
  "write_backs",
  {
    eventId: uuid("event_id")
      .primaryKey()
      .references(() => timeBlockingEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    service: text("service").$type<ItemService>().notNull(),
    /** The item in the tool (the block's `source_id` when it was queued). */
    itemId: text("item_id").notNull(),
    state: text("state").$type<WriteBackState>().notNull().default("pending"),
    recordId: text("record_id"),
    writtenSeconds: integer("written_seconds"),
    writtenDate: date("written_date", { mode: "string" }),
    /** When the work the tool has started (Jira's `started`, Paymo's start): a block moved within its day changes it. */
    writtenStarted: timestamp("written_started", { withTimezone: true }),
    lastError: text("last_error"),
    /** The attempts to write since the block was last queued. */
    attempts: integer("attempts").notNull().default(0),
    jobId: uuid("job_id"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The job holding the lease. */
    leasedBy: uuid("leased_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("write_backs_user_idx").on(t.userId),
    check("write_backs_service_known", oneOf(t.service, itemServices)),
    check("write_backs_state_known", oneOf(t.state, writeBackStates)),
    check("write_backs_attempts_not_negative", sql`${t.attempts} >= 0`),
  ],
);
