import {
  type Acl,
  defaultPreferences,
  defaultRoles,
  type Organization,
  type OrganizationUser,
  type Project,
  type PublicConfig,
  type Role,
  type Task,
  type User,
} from "@timetrap/domain";

export function buildRole(key: "admin" | "manager" | "member"): Role {
  const role = defaultRoles.find((r) => r.key === key);
  if (!role) throw new Error(`No default role ${key}`);
  return {
    uid: `role-${key}`,
    name: role.name,
    acls: role.acls.map((acl: Acl) => ({ ...acl, actions: [...acl.actions] })),
  };
}

export function buildOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    uid: "org-1",
    name: "Acme",
    domains: ["acme.com"],
    language: "en",
    plan: { uid: "plan-free", code: "free", name: "Free", config: [], subscription: null },
    subscription_id: null,
    require_two_factor: false,
    settings: { approval_period: "week", lock_before: null, prevent_overlapping_activities: false },
    ...overrides,
  };
}

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    uid: "user-1",
    email: "ada@acme.com",
    nominative: "Ada Lovelace",
    image_url: null,
    preferences: {
      ...defaultPreferences,
      businessDaysOfWeek: [1, 2, 3, 4, 5],
      gcalendars: [],
      timeZone: "Europe/Rome",
    },
    status: "active",
    integrations: [],
    organization: buildOrganization(),
    role: buildRole("admin"),
    hourly_cost: null,
    contractual_hours: null,
    productivity_target: null,
    terms_of_use: true,
    privacy_policy: true,
    cookie_consent: true,
    external_uid: null,
    language: "en",
    email_verified: true,
    ...overrides,
  };
}

export function buildConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    version: "0.23.0",
    googleClientId: null,
    chatScriptUrl: null,
    tagManagerUrl: null,
    termsUrl: "https://example.com/terms",
    privacyUrl: "https://example.com/privacy",
    knowledgeBaseUrl: "https://example.com/help",
    ...overrides,
  };
}

/** An open project of org-1 for Acme Corp, managed by Ada, with no members and nothing logged or spent. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return {
    uid: "project-1",
    title: "Website",
    organization_id: "org-1",
    customer_id: "customer-1",
    customer: { uid: "customer-1", nominative: "Acme Corp" },
    project_manager: { uid: "user-1", nominative: "Ada Lovelace", image_url: null },
    status: { uid: "status-open", key: "open", name: "Open" },
    category: null,
    area: null,
    external_reference: null,
    not_billable: false,
    budget: 0,
    marginability_percentage: 30,
    tolerance_days: null,
    project_type: null,
    contact_name: null,
    contact_surname: null,
    contact_email: null,
    contact_role: null,
    description: null,
    start_date: null,
    end_date: null,
    closing_date: null,
    members: [],
    latest_update: null,
    progress: 0,
    total_work_log: 0,
    total_work_log_cost: 0,
    total_final_balance_expenses: 0,
    current_marginability: null,
    created_at: 1,
    ...overrides,
  };
}

/** An open task of the Website project, assigned to Ada, with no due date, category or subtasks. */
export function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    uid: "task-1",
    name: "Wireframes",
    description: null,
    due_date: null,
    color: null,
    complete: false,
    user: { uid: "user-1", nominative: "Ada Lovelace", image_url: null },
    project: { uid: "project-1", title: "Website", category: null, customer_nominative: "Acme Corp" },
    organization_id: "org-1",
    parent_task: null,
    sub_tasks: [],
    priority: 30,
    category: null,
    total_work_time: 0,
    created_at: 1,
    ...overrides,
  };
}

/** A member of the organization as its users list answers them: active, with no role, contract or second factor. */
export function buildOrganizationUser(
  uid: string,
  nominative: string,
  overrides: Partial<OrganizationUser> = {},
): OrganizationUser {
  return {
    uid,
    nominative,
    email: `${uid}@acme.com`,
    image_url: null,
    status: "active",
    role: null,
    contract_type: null,
    contractual_hours: null,
    two_factor: false,
    holiday_group_id: null,
    ...overrides,
  };
}
