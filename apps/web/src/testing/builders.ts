import {
  type Acl,
  defaultPreferences,
  defaultRoles,
  type Organization,
  type PublicConfig,
  type Role,
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
