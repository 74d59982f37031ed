import {
  type Acl,
  type ContractType,
  contractTypes,
  type HoursByDay,
  type Language,
  languages,
  type Plan,
  type PlanConfigEntry,
  type PreferencesPatch,
  type UserStatus,
  userStatuses,
} from "@timetrap/domain";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("organizations_language_known", oneOf(t.language, languages))],
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

export const passwordTokenPurposes = ["reset", "invite"] as const;
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

/**
 * The projects of an organization. Only what other tables refer to lives here so far: the customer and the
 * workflow status, both restricted, so a customer or status in use cannot be deleted from under a project.
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("projects_organization_idx").on(t.organizationId),
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
  ],
);
