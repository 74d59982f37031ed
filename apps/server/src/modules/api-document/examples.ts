import type {
  accessTokenListSchema,
  auditPageSchema,
  authResponseSchema,
  changePasswordInputSchema,
  changePasswordResponseSchema,
  confirmTwoFactorInputSchema,
  contractInputSchema,
  contractSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
  createOrganizationInputSchema,
  createOrganizationResponseSchema,
  currentUserSchema,
  customerInputSchema,
  customerSchema,
  enableTotpInputSchema,
  expenseInputSchema,
  expenseSchema,
  googleSignInInputSchema,
  invitationLinkSchema,
  invitationSchema,
  inviteUserInputSchema,
  noteInputSchema,
  noteSchema,
  organizationAccessTokenListSchema,
  organizationSchema,
  organizationUserSchema,
  overheadInputSchema,
  overheadSchema,
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySecondFactorInputSchema,
  passkeySignInInputSchema,
  projectAreaInputSchema,
  projectAreaSchema,
  projectCategoryInputSchema,
  projectCategorySchema,
  projectInputSchema,
  projectLinkInputSchema,
  projectLinkSchema,
  projectReportSchema,
  projectSchema,
  projectStatisticsSchema,
  projectUpdateInputSchema,
  projectUpdateSchema,
  publicConfigSchema,
  recoveryCodesResponseSchema,
  recurrencePatchSchema,
  recurrenceSchema,
  registerPasskeyInputSchema,
  roleInputSchema,
  roleSchema,
  roleUpdateSchema,
  secondFactorInputSchema,
  sessionListSchema,
  signInInputSchema,
  signInResponseSchema,
  signUpInputSchema,
  taskCategoryInputSchema,
  taskCategorySchema,
  taskInputSchema,
  taskSchema,
  taskUpdateSchema,
  teamReportSchema,
  timeBlockingEventInputSchema,
  timeBlockingEventPatchSchema,
  timeBlockingEventSchema,
  timerSchema,
  timerStartSchema,
  timesheetSchema,
  totpSetupResponseSchema,
  twoFactorStatusSchema,
  updateMemberInputSchema,
  updateOrganizationInputSchema,
  updateOrganizationResponseSchema,
  updateUserInputSchema,
  userReportSchema,
  userSchema,
  workflowStatusSchema,
} from "@timetrap/domain";
import type { z } from "zod";

/** What a client sends (a body's example). */
type In<S extends z.ZodType> = z.input<S>;
/** What the server answers (an answer's example). */
type Out<S extends z.ZodType> = z.output<S>;

/**
 * The examples of the OpenAPI document: one design studio in Milan, Studio Lumen S.r.l., its people, customers and
 * projects in 2026. The ids are shared, so that an answer's ids match the paths and bodies of the other examples.
 */
export const ids = {
  organization: "3f6c2a1e-8b4d-4e7a-9c1f-2d5e8a7b6c40",
  giulia: "7a1d9e52-3c84-4b6f-8e21-5f0a9c3d7b18",
  marco: "b4e8f1a3-6d27-4c95-a0b2-1e7f3c8d9a65",
  acme: "c2d94f17-5a3e-4b88-9d61-0e4b7a2c8f53",
  artDirection: "4fbd7c6d-8a5b-4e9c-8207-c16e9a0b5f48",
  brandIdentity: "6a1c9e7f-2b4d-4f0a-9318-d27fab1c6a59",
  graphicDesign: "7b2daf80-3c5e-4a1b-a429-e380bc2d7b6a",
  chiara: "d5f0a2b7-8e14-4c3a-9b56-2a7d4e9f1c83",
  rebrand: "e91b3c6d-2f48-4a7e-b5d0-8c1a6f3e9d27",
  openStatus: "0b7f3e29-4c1d-4a58-9e63-8d2a5c7f1b04",
  logoTask: "8c3eb091-4d6f-4b2c-b53a-f491cd3e8c7b",
  paletteTask: "9d4fc1a2-5e7a-4c3d-8c64-a5a2de4f9d8c",
  adminRole: "e2c9b6f7-0adf-4b8c-9bb9-fa07cd9e4cd1",
  memberRole: "04ebd819-2cf1-4dae-8ddb-1c29ef1a6ef3",
  leadRole: "15ee0a2b-3d02-4ebf-9eec-2d3af02b7f04",
  freePlan: "26ff1b3c-4e13-4fc0-8ffd-3e4b013c8015",
  invitation: "3700ac4d-5f24-4ad1-9a0e-4f5c124d9126",
  contract: "4811bd5e-6035-4be2-8b1f-506d235ea237",
  logoEvent: "b0880bc5-d7ac-4259-92a6-c7dea0cff0ae",
  paletteEvent: "c1991cd6-e8bd-436a-a3b7-d8efb1d001bf",
  reviewEvent: "d2aa2de7-f9ce-447b-84c8-e9f0c2e112c0",
  reviewSeries: "e3bb3ef8-0adf-458c-95d9-fa01d3f223d1",
} as const;

const giuliaRef = { uid: ids.giulia, nominative: "Giulia Rossi", image_url: null };
const marcoRef = { uid: ids.marco, nominative: "Marco Bianchi", image_url: null };

// Customers

export const customerInputExample: In<typeof customerInputSchema> = {
  nominative: "Acme S.r.l.",
  email: "amministrazione@acme.it",
  fiscal_code: "01234567890",
  vat_number: "IT01234567890",
  external_id: "CRM-0042",
};

export const customerExample: Out<typeof customerSchema> = {
  uid: ids.acme,
  nominative: "Acme S.r.l.",
  email: "amministrazione@acme.it",
  fiscal_code: "01234567890",
  vat_number: "IT01234567890",
  external_id: "CRM-0042",
};

// Overheads

export const overheadInputExample: In<typeof overheadInputSchema> = {
  amount: 4200,
  from_date: "2026-01-01",
  to_date: "2026-12-31",
};

export const overheadExample: Out<typeof overheadSchema> = {
  uid: "5d2e8c41-7f3a-4b96-8a05-3c9e1b6d4f72",
  amount: 4200,
  from_date: "2026-01-01",
  to_date: "2026-12-31",
};

// Workflow statuses

export const workflowStatusExamples: Out<typeof workflowStatusSchema>[] = [
  {
    uid: "0b7f3e29-4c1d-4a58-9e63-8d2a5c7f1b04",
    key: "open",
    name: "Open",
    editable: false,
    selected_by_default: true,
  },
  {
    uid: "1c8a4f3a-5d2e-4b69-8f74-9e3b6d8a2c15",
    key: "to_be_invoiced",
    name: "To be invoiced",
    editable: false,
    selected_by_default: false,
  },
  {
    uid: "2d9b5a4b-6e3f-4c7a-a085-af4c7e9b3d26",
    key: "completed",
    name: "Completed",
    editable: false,
    selected_by_default: false,
  },
  {
    uid: "3eac6b5c-7f4a-4d8b-b196-b05d8fac4e37",
    key: "in_review",
    name: "In review",
    editable: true,
    selected_by_default: false,
  },
];
export const workflowStatusExample = workflowStatusExamples[3] as Out<typeof workflowStatusSchema>;

// Task categories

export const taskCategoryInputExample: In<typeof taskCategoryInputSchema> = {
  name: "Art direction",
  color: "#7c3aed",
  is_used_for_tasks: true,
  is_used_for_planning: true,
};

export const taskCategoryExample: Out<typeof taskCategorySchema> = {
  uid: ids.artDirection,
  name: "Art direction",
  color: "#7c3aed",
  is_used_for_tasks: true,
  is_used_for_planning: true,
};

// Project categories and areas

export const projectCategoryInputExample: In<typeof projectCategoryInputSchema> = {
  name: "Brand identity",
  color: "#0ea5e9",
};
export const projectCategoryExample: Out<typeof projectCategorySchema> = {
  uid: ids.brandIdentity,
  name: "Brand identity",
  color: "#0ea5e9",
};
export const projectAreaInputExample: In<typeof projectAreaInputSchema> = { name: "Graphic design" };
export const projectAreaExample: Out<typeof projectAreaSchema> = { uid: ids.graphicDesign, name: "Graphic design" };

// Projects

/** The project's own fields, the same as sent and as answered. */
const rebrandFields = {
  external_reference: "Q-2026-014",
  not_billable: false,
  budget: 24000,
  marginability_percentage: 30,
  tolerance_days: 5,
  project_type: 0,
  contact_name: "Laura",
  contact_surname: "Ferri",
  contact_email: "laura.ferri@acme.it",
  contact_role: "Marketing manager",
  description: "New logo, brand guidelines and website for Acme's relaunch in 2026.",
  start_date: "2026-02-02",
  end_date: "2026-06-30",
  closing_date: null,
} as const;

export const projectInputExample: In<typeof projectInputSchema> = {
  title: "Acme rebrand 2026",
  customer_id: ids.acme,
  project_manager_id: ids.giulia,
  status_id: ids.openStatus,
  category_id: ids.brandIdentity,
  area_id: ids.graphicDesign,
  ...rebrandFields,
  salesaccount: [ids.giulia],
  responsible: [ids.marco],
  accountable: [ids.giulia],
  consulted: [],
  informed: [],
};

export const projectExample: Out<typeof projectSchema> = {
  uid: ids.rebrand,
  title: "Acme rebrand 2026",
  organization_id: ids.organization,
  customer_id: ids.acme,
  customer: { uid: ids.acme, nominative: "Acme S.r.l." },
  project_manager: giuliaRef,
  status: { uid: ids.openStatus, key: "open", name: "Open" },
  category: { uid: ids.brandIdentity, name: "Brand identity", color: "#0ea5e9" },
  area: { uid: ids.graphicDesign, name: "Graphic design" },
  ...rebrandFields,
  members: [
    { user: giuliaRef, tags: ["sales", "accountable"] },
    { user: marcoRef, tags: ["responsible"] },
  ],
  latest_update: { status: "in_progress", date: "2026-03-13", progress: 40 },
  progress: 40,
  total_work_log: 302400,
  total_work_log_cost: 2940,
  total_final_balance_expenses: 1200,
  current_marginability: 82.75,
  created_at: 1769673600000,
};

export const expenseInputExample: In<typeof expenseInputSchema> = {
  title: "Stock photography licence",
  amount: 1200,
  is_final_balance: true,
  is_billable: true,
  supplier: "Fotostock S.p.A.",
  description: "Ten images for the website's home page, extended licence.",
  approver: "Giulia Rossi",
  transacation_date: "2026-03-04",
};

export const expenseExample: Out<typeof expenseSchema> = {
  uid: "a1e5d2b3-6f8b-4d4e-9d75-b6b3ef5a0e9d",
  organization_id: ids.organization,
  project_id: ids.rebrand,
  title: "Stock photography licence",
  amount: 1200,
  estimated_amount: null,
  confirmed_amount: 1200,
  is_final_balance: true,
  is_billable: true,
  supplier: "Fotostock S.p.A.",
  description: "Ten images for the website's home page, extended licence.",
  approver: "Giulia Rossi",
  transacation_date: "2026-03-04",
};

export const noteInputExample: In<typeof noteInputSchema> = {
  note: "Acme prefers the second logo proposal; they asked for a warmer red in the palette.",
};

export const noteExample: Out<typeof noteSchema> = {
  uid: "b2f6e3c4-7a9c-4e5f-8e86-c7c4fa6b1fae",
  note: "Acme prefers the second logo proposal; they asked for a warmer red in the palette.",
  created_at: 1773394200000,
  created_by: giuliaRef,
};

export const projectLinkInputExample: In<typeof projectLinkInputSchema> = {
  title: "Brand guidelines (draft)",
  url: "https://drive.studiolumen.it/acme/brand-guidelines-v2.pdf",
};

export const projectLinkExample: Out<typeof projectLinkSchema> = {
  link_id: "c3a7f4d5-8bad-4f6a-9f97-d8d5ab7c2abf",
  title: "Brand guidelines (draft)",
  url: "https://drive.studiolumen.it/acme/brand-guidelines-v2.pdf",
};

export const projectUpdateInputExample: In<typeof projectUpdateInputSchema> = {
  status: "in_progress",
  update: "Logo approved; the brand guidelines are being written.",
  priorities: "Finish the typography section and the colour palette.",
  roadblocks: "Waiting for Acme's photos of the new shop.",
  progress: 40,
  date: "2026-03-13",
};

export const projectUpdateExample: Out<typeof projectUpdateSchema> = {
  update_id: "d4b8a5e6-9cbe-4a7b-8aa8-e9e6bc8d3bc0",
  status: "in_progress",
  data: {
    update: "Logo approved; the brand guidelines are being written.",
    priorities: "Finish the typography section and the colour palette.",
    roadblocks: "Waiting for Acme's photos of the new shop.",
  },
  date: "2026-03-13",
  progress: 40,
};

// Tasks

export const taskInputExample: In<typeof taskInputSchema> = {
  name: "Colour palette",
  description: "Primary and secondary colours, with their contrast on white and on black.",
  dueDate: 1774000800000,
  projectId: ids.rebrand,
  userId: ids.marco,
  complete: false,
  priority: 20,
  categoryId: ids.artDirection,
  parentId: ids.logoTask,
};

export const taskUpdateExample: In<typeof taskUpdateSchema> = { complete: true };

export const taskExample: Out<typeof taskSchema> = {
  uid: ids.paletteTask,
  name: "Colour palette",
  description: "Primary and secondary colours, with their contrast on white and on black.",
  due_date: 1774000800000,
  color: null,
  complete: false,
  user: marcoRef,
  project: {
    uid: ids.rebrand,
    title: "Acme rebrand 2026",
    category: { uid: ids.brandIdentity, name: "Brand identity", color: "#0ea5e9" },
    customer_nominative: "Acme S.r.l.",
  },
  organization_id: ids.organization,
  parent_task: { uid: ids.logoTask, name: "New logo" },
  sub_tasks: [],
  priority: 20,
  category: { uid: ids.artDirection, name: "Art direction", color: "#7c3aed" },
  total_work_time: 6.5,
  created_at: 1773140400000,
};

// Organizations, roles and people

const every = ["read", "create", "edit", "delete"] as Array<"read" | "create" | "edit" | "delete">;

export const adminRoleExample: Out<typeof roleSchema> = {
  uid: ids.adminRole,
  name: "Admin",
  acls: (["organization", "role", "user", "project", "timesheet", "team"] as const).map((subject) => ({
    subject,
    actions: every,
  })),
};

export const memberRoleExample: Out<typeof roleSchema> = {
  uid: ids.memberRole,
  name: "Member",
  acls: [{ subject: "project", actions: ["read"] }],
};

export const roleInputExample: In<typeof roleInputSchema> = {
  name: "Project lead",
  acls: [
    { subject: "project", actions: ["read", "create", "edit"] },
    { subject: "team", actions: ["read"] },
  ],
};

export const roleUpdateExample: In<typeof roleUpdateSchema> = {
  acls: [
    { subject: "project", actions: ["read", "create", "edit", "delete"] },
    { subject: "team", actions: ["read"] },
  ],
};

export const leadRoleExample: Out<typeof roleSchema> = {
  uid: ids.leadRole,
  name: "Project lead",
  acls: [
    { subject: "project", actions: ["read", "create", "edit"] },
    { subject: "team", actions: ["read"] },
  ],
};

export const leadRoleUpdatedExample: Out<typeof roleSchema> = {
  ...leadRoleExample,
  acls: [
    { subject: "project", actions: ["read", "create", "edit", "delete"] },
    { subject: "team", actions: ["read"] },
  ],
};

export const organizationExample: Out<typeof organizationSchema> = {
  uid: ids.organization,
  name: "Studio Lumen S.r.l.",
  domains: ["studiolumen.it"],
  language: "it",
  plan: {
    uid: ids.freePlan,
    code: "free",
    name: "Free",
    config: [
      { unitType: "USER", enabled: true, tierLimited: true, tierLimit: 5 },
      { unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: 5 },
      { unitType: "INTEGRATION", enabled: true, tierLimited: true, tierLimit: 2 },
      { unitType: "TEAM_DASHBOARD", enabled: false, tierLimited: false, tierLimit: null },
    ],
    subscription: { id: null, billing_type: "free", billing_period: null, recurring_price: null, trial_days: null },
  },
  subscription_id: null,
  require_two_factor: false,
  settings: { approval_period: "week", lock_before: null, prevent_overlapping_activities: false },
};

export const createOrganizationInputExample: In<typeof createOrganizationInputSchema> = {
  name: "Studio Lumen S.r.l.",
  domains: ["studiolumen.it"],
  language: "it",
};

export const createOrganizationResponseExample: Out<typeof createOrganizationResponseSchema> = {
  organization: organizationExample,
  role: adminRoleExample,
  invalidDomains: [],
};

export const updateOrganizationInputExample: In<typeof updateOrganizationInputSchema> = {
  domains: ["studiolumen.it", "lumen.design", "gmail"],
  require_two_factor: true,
  settings: { lock_before: "2026-07-01", prevent_overlapping_activities: true },
};

export const updateOrganizationResponseExample: Out<typeof updateOrganizationResponseSchema> = {
  organization: {
    ...organizationExample,
    domains: ["studiolumen.it", "lumen.design"],
    require_two_factor: true,
    settings: { approval_period: "week", lock_before: "2026-07-01", prevent_overlapping_activities: true },
  },
  invalidDomains: ["gmail"],
};

export const userExample: Out<typeof userSchema> = {
  uid: ids.giulia,
  email: "giulia.rossi@studiolumen.it",
  email_verified: true,
  nominative: "Giulia Rossi",
  image_url: null,
  preferences: {
    allDaySlot: false,
    weekends: false,
    slotDuration: "00:30:00",
    slotMinTime: "08:00:00",
    slotMaxTime: "20:00:00",
    businessDaysOfWeek: [1, 2, 3, 4, 5],
    businessStartTime: "09:00",
    businessEndTime: "18:00",
    gcalendars: [],
    calendarView: "timeGridWeek",
    timeZone: "Europe/Rome",
  },
  status: "active",
  integrations: [],
  organization: organizationExample,
  role: adminRoleExample,
  hourly_cost: 45,
  contractual_hours: 8,
  productivity_target: 80,
  terms_of_use: true,
  privacy_policy: true,
  cookie_consent: true,
  external_uid: null,
  language: "it",
};

export const currentUserExample: Out<typeof currentUserSchema> = { ...userExample, enrolment_required: false };

export const updateUserInputExample: In<typeof updateUserInputSchema> = {
  language: "en",
  preferences: { weekends: true, slotDuration: "00:15:00", timeZone: "Europe/Rome" },
};

export const memberExample: Out<typeof organizationUserSchema> = {
  uid: ids.marco,
  nominative: "Marco Bianchi",
  email: "marco.bianchi@studiolumen.it",
  image_url: null,
  status: "active",
  role: { uid: ids.memberRole, name: "Member" },
  contract_type: "full-time",
  contractual_hours: 8,
  two_factor: true,
  holiday_group_id: null,
};

export const updateMemberInputExample: In<typeof updateMemberInputSchema> = { role_id: ids.leadRole };

export const inviteInputExample: In<typeof inviteUserInputSchema> = {
  email: "chiara.esposito@studiolumen.it",
  nominative: "Chiara Esposito",
  organization_role_id: ids.memberRole,
};

export const invitationExample: Out<typeof invitationSchema> = {
  uid: ids.invitation,
  organization_id: ids.organization,
  organization_name: "Studio Lumen S.r.l.",
  email: "chiara.esposito@studiolumen.it",
  nominative: "Chiara Esposito",
  role: { uid: ids.memberRole, name: "Member" },
  state: "pending",
  expires_at: 1773936000000,
  created_at: 1773331200000,
  invited_by: { uid: ids.giulia, nominative: "Giulia Rossi" },
};

export const invitationLinkExample: Out<typeof invitationLinkSchema> = {
  email: "chiara.esposito@studiolumen.it",
  nominative: "Chiara Esposito",
  organization_name: "Studio Lumen S.r.l.",
  inviter_nominative: "Giulia Rossi",
  has_account: false,
  state: "pending",
};

export const contractInputExample: In<typeof contractInputSchema> = {
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
  hourly_cost: 35,
  productivity_target: 75,
  from_date: "2026-01-01",
  to_date: null,
};

export const contractExample: Out<typeof contractSchema> = {
  uid: ids.contract,
  user_id: ids.marco,
  contract_type: "full-time",
  contractual_hours: 8,
  contractual_hours_by_day: null,
  hourly_cost: 35,
  productivity_target: 75,
  from_date: "2026-01-01",
  to_date: null,
};

// Signing in, sessions, tokens and second factors

/** A session's token, as a sign-in answers it (a JWT naming its session). */
const sessionToken =
  "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiI1YTIyY2U2Zi03MTQ2LTRjZjMtOWMyMC02MTdlMzQ2ZmIzNDgiLCJwdiI6MSwic3ViIjoiN2ExZDllNTIt" +
  "M2M4NC00YjZmLThlMjEtNWYwYTljM2Q3YjE4IiwiaWF0IjoxNzczNjQ5ODAwLCJleHAiOjE3NzYyNDE4MDB9." +
  "lpbRBy79fMgJATU4iesfRYbpdTRCAfLh-YFJP-7WRz4";
const mfaTicket = "AFGsdvT3Mwz0IxSaUJFP2_0lJd5e3IY5nKAHIwglRsU";

export const signInInputExample: In<typeof signInInputSchema> = {
  email: "giulia.rossi@studiolumen.it",
  password: "Cornice-Ottone-Lampada-42",
};

export const authResponseExample: Out<typeof authResponseSchema> = {
  token: sessionToken,
  user: userExample,
  enrolment_required: false,
};

export const signInResponseExample: Out<typeof signInResponseSchema> = authResponseExample;

export const mfaRequiredExample = {
  mfa_required: true as const,
  ticket: mfaTicket,
  methods: ["totp" as const, "recovery_code" as const, "passkey" as const],
};

export const secondFactorInputExample: In<typeof secondFactorInputSchema> = { ticket: mfaTicket, code: "492 817" };

export const signUpInputExample: In<typeof signUpInputSchema> = {
  email: "chiara.esposito@studiolumen.it",
  password: "Scala-Tramonto-Vetro-19",
  nominative: "Chiara Esposito",
  language: "it",
};

export const signUpResponseExample: Out<typeof authResponseSchema> = {
  token: sessionToken,
  user: {
    ...userExample,
    uid: ids.chiara,
    email: "chiara.esposito@studiolumen.it",
    email_verified: false,
    nominative: "Chiara Esposito",
    preferences: { ...userExample.preferences, slotMinTime: "06:00:00", timeZone: null },
    organization: null,
    role: null,
    hourly_cost: null,
    contractual_hours: null,
    productivity_target: null,
    terms_of_use: false,
    privacy_policy: false,
    cookie_consent: null,
  },
  enrolment_required: false,
};

export const googleSignInInputExample: In<typeof googleSignInInputSchema> = {
  credential:
    "eyJhbGciOiJSUzI1NiIsImtpZCI6IjZmNzI1NDEwMWY1NmU0MWNmMzVjOTkyNmRlODRhMmQ1NTJiNGM2ZjEiLCJ0eXAiOiJKV1QifQ." +
    "OH7x4u4fBewUQy11IoLYJYhvhaR7g2vMP7G4Xd_lfXYU2sxlfS5lfhRW_wjMIQ6qGjy0WSTrJKYtBQa18ypVIM8g8Hwo7Otb0pNCyx6EwgqcRBt2u." +
    "qblF2YIieAZS7ZXu7NoyBdgousyo3GiFt1JNlmUhBRTvWjnNeih4-uJTp_OgI7eMbmfF5uhaYJCJeaVEnrv4728LXpOrXQAjwB2oS63524AM0Y",
};

export const changePasswordInputExample: In<typeof changePasswordInputSchema> = {
  email: "giulia.rossi@studiolumen.it",
  password: "Finestra-Glicine-Ponte-73",
  token: "5T6SsIAYFrY1MeIDTh96Xyj8QBSwVrLSy1rLAd4AMAs",
};

export const changePasswordResponseExample: Out<typeof changePasswordResponseSchema> = {
  success: true,
  ...authResponseExample,
};

export const sessionsExample: Out<typeof sessionListSchema> = [
  {
    id: "5a22ce6f-7146-4cf3-9c20-617e346fb348",
    created_at: 1773649800000,
    last_seen_at: 1773655920000,
    ip: "93.44.172.18",
    device: { browser: "Firefox", os: "macOS" },
    current: true,
  },
  {
    id: "6b33df70-8257-4d04-8d31-728f457ac459",
    created_at: 1772460300000,
    last_seen_at: 1773306000000,
    ip: "151.38.209.64",
    device: { browser: "Safari", os: "iPhone" },
    current: false,
  },
];

const accessToken = {
  id: "7c44e081-9368-4e15-9e42-839a568bd56a",
  name: "Invoicing export",
  scope: "read" as const,
  hint: "tt_pat_k3Vq…",
  created_at: 1773306000000,
  expires_at: 1781082000000,
  last_used_at: 1773655920000,
  use_count: 214,
};

export const accessTokensExample: Out<typeof accessTokenListSchema> = [accessToken];

export const createAccessTokenExample: In<typeof createAccessTokenSchema> = {
  name: "Invoicing export",
  expires_in_days: 90,
  scope: "read",
};

export const createdAccessTokenExample: Out<typeof createdAccessTokenSchema> = {
  ...accessToken,
  last_used_at: null,
  use_count: 0,
  token: "tt_pat_k3VqakdTUnlHV0xXQnRNcmFiVW5zSmFQcmVtVGx1cGxx",
};

export const organizationAccessTokensExample: Out<typeof organizationAccessTokenListSchema> = [
  { ...accessToken, user_id: ids.giulia, nominative: "Giulia Rossi" },
];

const passkeyId = "8d55f192-a479-4f26-8f53-94ab679ce67b";
const credentialId = "w0q3sW-bIHfK68b9CJeXmQ";

export const passkeyExample: Out<typeof passkeySchema> = {
  id: passkeyId,
  name: "MacBook Touch ID",
  created_at: 1772460300000,
  last_used_at: 1773649800000,
  device_type: "multiDevice",
  backed_up: true,
};

export const passkeysExample: Out<typeof passkeyListSchema> = [passkeyExample];

export const passkeyCreationOptionsExample: Out<typeof passkeyCreationOptionsSchema> = {
  rp: { id: "timetrap.studiolumen.it", name: "Timetrap" },
  user: {
    id: "N2ExZDllNTItM2M4NC00YjZmLThlMjEtNWYwYTljM2Q3YjE4",
    name: "giulia.rossi@studiolumen.it",
    displayName: "Giulia Rossi",
  },
  challenge: "0H2Prvq-oOLAl2L8VnvF-SxTpPz7nOBwsPPoaXxnu3U",
  pubKeyCredParams: [
    { type: "public-key", alg: -8 },
    { type: "public-key", alg: -7 },
    { type: "public-key", alg: -257 },
  ],
  timeout: 60000,
  excludeCredentials: [{ id: credentialId, type: "public-key", transports: ["internal", "hybrid"] }],
  authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
  attestation: "none",
  extensions: { credProps: true },
};

export const registerPasskeyInputExample: In<typeof registerPasskeyInputSchema> = {
  name: "MacBook Touch ID",
  response: {
    id: credentialId,
    rawId: credentialId,
    type: "public-key",
    response: {
      clientDataJSON:
        "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiMEgyUHJ2cS1vT0xBbDJMOFZudkYtU3hUcFB6N25PQndzUFBvYVh4bn" +
        "UzVSIsIm9yaWdpbiI6Imh0dHBzOi8vdGltZXRyYXAuc3R1ZGlvbHVtZW4uaXQiLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
      attestationObject:
        "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YViAD3sPOinttkBwRzw6CtS0hgmKKZeyh87WandyA1rTbEaRa6gTcxe89Ga7g5NF-x13O2h6" +
        "bqPYvhOjo3f90i7wxeRsUlPNLXj0TwAepd24i2LuWwShigx1VTF7rlP6j6V5-M-Nt_SN8ZMln7Htu3TnEHeMsVURCsSByXD8bzfVUhek4OG",
      transports: ["internal", "hybrid"],
      publicKeyAlgorithm: -7,
    },
    authenticatorAttachment: "platform",
    clientExtensionResults: { credProps: { rk: true } },
  },
};

export const passkeyRequestOptionsExample: Out<typeof passkeyRequestOptionsSchema> = {
  rpId: "timetrap.studiolumen.it",
  challenge: "2jCj7JtmARAMusP5bNqFGZhqk7UqJ9qb5q8VO9bmrwo",
  allowCredentials: [],
  timeout: 60000,
  userVerification: "required",
};

export const passkeySecondFactorOptionsExample: Out<typeof passkeyRequestOptionsSchema> = {
  ...passkeyRequestOptionsExample,
  allowCredentials: [{ id: credentialId, type: "public-key", transports: ["internal", "hybrid"] }],
  userVerification: "preferred",
};

const assertion = {
  id: credentialId,
  rawId: credentialId,
  type: "public-key" as const,
  response: {
    clientDataJSON:
      "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiMmpDajdKdG1BUkFNdXNQNWJOcUZHWmhxazdVcUo5cWI1cThWTzlibXJ3byIs" +
      "Im9yaWdpbiI6Imh0dHBzOi8vdGltZXRyYXAuc3R1ZGlvbHVtZW4uaXQiLCJjcm9zc09yaWdpbiI6ZmFsc2V9",
    authenticatorData: "BVJngYcjzEGI9LWx_uoZwP8Yd7vRAvRZIFeRfjVEbqodvAcsGw",
    signature: "ERRdZVZFBUT7E8KeEU3viyfySnjMoNHtRRaiJ1OF-4shjOW3ZxwMtE7W-GNu7CI_dDgBE9uTvti4CcetKqt-hku5H8B1awU",
    userHandle: "N2ExZDllNTItM2M4NC00YjZmLThlMjEtNWYwYTljM2Q3YjE4",
  },
  authenticatorAttachment: "platform" as const,
  clientExtensionResults: {},
};

export const passkeySignInInputExample: In<typeof passkeySignInInputSchema> = { response: assertion };

export const passkeySecondFactorInputExample: In<typeof passkeySecondFactorInputSchema> = {
  ticket: mfaTicket,
  response: assertion,
};

export const twoFactorStatusExample: Out<typeof twoFactorStatusSchema> = {
  totp_enabled: true,
  recovery_codes_left: 9,
  has_password: true,
  required_by_organization: false,
};

export const totpSetupExample: Out<typeof totpSetupResponseSchema> = {
  secret: "JBSWY3DPEHPK3PXPNZ2GKYLQMFRGS4DF",
  otpauth_url:
    "otpauth://totp/Timetrap:giulia.rossi%40studiolumen.it?issuer=Timetrap&secret=JBSWY3DPEHPK3PXPNZ2GKYLQMFRGS4DF" +
    "&algorithm=SHA1&digits=6&period=30",
};

export const enableTotpInputExample: In<typeof enableTotpInputSchema> = { code: "492817" };

export const confirmTwoFactorInputExample: In<typeof confirmTwoFactorInputSchema> = {
  password: "Cornice-Ottone-Lampada-42",
  code: "305 962",
};

export const recoveryCodesExample: Out<typeof recoveryCodesResponseSchema> = {
  recovery_codes: [
    "4k7qm-x2d9a",
    "hb3t8-wn5re",
    "9vz1c-pq6yk",
    "m2fe7-0sj4h",
    "t6wa3-kx8nb",
    "r5y9d-e1mcq",
    "c8n0v-zh2tg",
    "jq4xs-7b3wp",
    "0e6kr-yv9fm",
    "w1gt5-nd8ca",
  ],
};

export const auditPageExample: Out<typeof auditPageSchema> = {
  items: [
    {
      id: "9e66a2a3-b58a-4037-9064-a5bc78adf78c",
      at: 1773655920000,
      actor_id: ids.giulia,
      actor_name: "Giulia Rossi",
      kind: "member.role_changed",
      target: { type: "user", id: ids.marco, label: "Marco Bianchi" },
      ip: "93.44.172.18",
      device: { browser: "Firefox", os: "macOS" },
      before: { role: "Member" },
      after: { role: "Project lead" },
    },
    {
      id: "af77b3b4-c69b-4148-8175-b6cd89bee89d",
      at: 1773649800000,
      actor_id: ids.giulia,
      actor_name: "Giulia Rossi",
      kind: "sign_in",
      target: { type: "user", id: ids.giulia, label: "giulia.rossi@studiolumen.it" },
      ip: "93.44.172.18",
      device: { browser: "Firefox", os: "macOS" },
      before: null,
      after: null,
    },
  ],
  next: "323032362d30332d31365430383a33303a30302e3030303030305a7c61663737623362342d633639622d343134382d383137352d623663643839626565383964",
};

export const securityEventsExample: Out<typeof auditPageSchema> = {
  items: auditPageExample.items.slice(1),
  next: null,
};

export const publicConfigExample: Out<typeof publicConfigSchema> = {
  version: "0.23.0",
  googleClientId: "418207735226-5c2u7ofm0kq1g8dl3v9hn4b6e2jrtsaf.apps.googleusercontent.com",
  chatScriptUrl: null,
  tagManagerUrl: null,
  termsUrl: "https://timetrap.studiolumen.it/legal/terms",
  privacyUrl: "https://timetrap.studiolumen.it/legal/privacy",
  knowledgeBaseUrl: "https://timetrap.studiolumen.it/help",
};

// The board: events, series and timers

const rebrandRef = { uid: ids.rebrand, title: "Acme rebrand 2026" };
const artDirectionRef = { uid: ids.artDirection, name: "Art direction", color: "#7c3aed" };

/** An activity Marco logged on Monday 16 March 2026, 14:00 to 16:30 in Rome. */
export const activityExample: Out<typeof timeBlockingEventSchema> = {
  id: ids.logoEvent,
  user_id: ids.marco,
  title: "Logo concepts",
  start_time: 1773666000000,
  end_time: 1773675000000,
  all_day: false,
  color: "#7c3aed",
  elapsed_time: 9000,
  completed: true,
  event_type: "activity",
  source: "timetrap",
  source_id: null,
  calendar_id: null,
  project_id: ids.rebrand,
  project: rebrandRef,
  category_id: ids.artDirection,
  category: artDirectionRef,
  task_linked_id: ids.logoTask,
  task: { uid: ids.logoTask, name: "New logo" },
  recurrence_id: null,
  recurrence: null,
  is_occurrence: false,
};

export const recurrenceExample: Out<typeof recurrenceSchema> = {
  id: ids.reviewSeries,
  every: 1,
  frequency: "WEEKLY",
  day_of_weeks: [1],
  until: null,
  repeat: 10,
  skip: [],
  end_date: null,
};

/** A weekly planning block, Mondays 09:00 to 10:00 in Rome: the occurrence of 16 March. */
export const planningOccurrenceExample: Out<typeof timeBlockingEventSchema> = {
  id: ids.reviewEvent,
  user_id: ids.marco,
  title: "Acme design review",
  start_time: 1773648000000,
  end_time: 1773651600000,
  all_day: false,
  color: "#0ea5e9",
  elapsed_time: 0,
  completed: false,
  event_type: "planning",
  source: "timetrap",
  source_id: null,
  calendar_id: null,
  project_id: ids.rebrand,
  project: rebrandRef,
  category_id: null,
  category: null,
  task_linked_id: null,
  task: null,
  recurrence_id: ids.reviewSeries,
  recurrence: recurrenceExample,
  is_occurrence: true,
};

export const eventsExample: Out<typeof timeBlockingEventSchema>[] = [planningOccurrenceExample, activityExample];

export const unassignedEventsExample: Out<typeof timeBlockingEventSchema>[] = [
  {
    ...activityExample,
    id: "f4cc4f09-1be0-469d-86ea-0b12e4f334e2",
    title: "Invoices and e-mail",
    start_time: 1773734400000,
    end_time: 1773738000000,
    color: "#3788d8",
    elapsed_time: 3600,
    project_id: null,
    project: null,
    category_id: null,
    category: null,
    task_linked_id: null,
    task: null,
  },
];

export const eventInputExample: In<typeof timeBlockingEventInputSchema> = {
  title: "Logo concepts",
  start_time: 1773666000000,
  end_time: 1773675000000,
  color: "#7c3aed",
  elapsed_time: 9000,
  completed: true,
  event_type: "activity",
  project_id: ids.rebrand,
  category_id: ids.artDirection,
  task_linked_id: ids.logoTask,
};

export const eventPatchExample: In<typeof timeBlockingEventPatchSchema> = {
  end_time: 1773676800000,
  elapsed_time: 10800,
};

export const eventPatchedExample: Out<typeof timeBlockingEventSchema> = {
  ...activityExample,
  end_time: 1773676800000,
  elapsed_time: 10800,
};

export const recurrencePatchExample: In<typeof recurrencePatchSchema> = { skip: 1774252800000 };

export const recurrencePatchedExample: Out<typeof recurrenceSchema> = { ...recurrenceExample, skip: [1774252800000] };

/** Marco times the palette work of Monday afternoon. */
const paletteActivity: Out<typeof timeBlockingEventSchema> = {
  ...activityExample,
  id: ids.paletteEvent,
  title: "Colour palette",
  start_time: 1773669600000,
  end_time: 1773676800000,
  elapsed_time: 0,
  completed: false,
  task_linked_id: ids.paletteTask,
  task: { uid: ids.paletteTask, name: "Colour palette" },
};

export const timerStartExample: In<typeof timerStartSchema> = {
  start_time: 1773669900000,
  time_blocking_event_id: ids.paletteEvent,
};

export const timerExample: Out<typeof timerSchema> = {
  user_id: ids.marco,
  start_time: 1773669900000,
  event: paletteActivity,
};

export const stoppedTimerEventExample: Out<typeof timeBlockingEventSchema> = {
  ...paletteActivity,
  elapsed_time: 6300,
  completed: true,
};

// Reports: Marco's week of 16 to 20 March 2026 (full time, 8 hours a day at 35 an hour; Friday afternoon off)

export const timesheetExample: Out<typeof timesheetSchema> = {
  timesheet_type: "byProject",
  start_date: "2026-03-16",
  end_date: "2026-03-20",
  rows: [
    {
      user_id: ids.marco,
      nominative: "Marco Bianchi",
      work_log_date: "2026-03-16",
      weekday: "monday",
      work_log: 15300,
      worked_hours: "04:15",
      contract_type: "full-time",
      contractual_hours: 8,
      contractual_hours_by_day: null,
      time_off: 0,
      project_id: ids.rebrand,
      project_title: "Acme rebrand 2026",
      customer_id: ids.acme,
      customer_nominative: "Acme S.r.l.",
    },
    {
      user_id: ids.marco,
      nominative: "Marco Bianchi",
      work_log_date: "2026-03-17",
      weekday: "tuesday",
      work_log: 3600,
      worked_hours: "01:00",
      contract_type: "full-time",
      contractual_hours: 8,
      contractual_hours_by_day: null,
      time_off: 0,
      project_id: null,
      project_title: null,
      customer_id: null,
      customer_nominative: null,
    },
  ],
  totals: [
    {
      user_id: ids.marco,
      nominative: "Marco Bianchi",
      work_log: 18900,
      worked_hours: "05:15",
      contractual_seconds: 129600,
      time_off: 14400,
      without_contract: 0,
    },
  ],
  work_log: 18900,
  worked_hours: "05:15",
};

const marcoWeekTotals = {
  work_log: 18900,
  billable_work_log: 15300,
  planned: 3600,
  capacity: 129600,
  time_off: 14400,
  credited: 0,
  work_log_percentage: 14.6,
  billable_percentage: 11.8,
  work_log_cost: 183.75,
  without_contract: 0,
  plan_versus_actual: {
    planned: 3600,
    logged: 18900,
    difference: 15300,
    planned_cost: 35,
    logged_cost: 183.75,
    difference_cost: 148.75,
  },
};

export const teamReportExample: Out<typeof teamReportSchema> = {
  start_date: "2026-03-16",
  end_date: "2026-03-20",
  users: [
    {
      user_id: ids.marco,
      nominative: "Marco Bianchi",
      image_url: null,
      contractual_hours: 8,
      work_log: 18900,
      billable_work_log: 15300,
      task_categories_report: [
        { category_id: ids.artDirection, category_name: "Art direction", elapsed_time: 15300, color: "#7c3aed" },
        { category_id: null, category_name: null, elapsed_time: 3600, color: null },
      ],
      totals: marcoWeekTotals,
    },
  ],
  totals: marcoWeekTotals,
};

const idleDay = (date: string) => ({
  date,
  hours: 0,
  percetange: 0,
  work_log: 0,
  billable_work_log: 0,
  planned: 0,
  capacity: 28800,
  time_off: 0,
  credited: 0,
});

export const userReportExample: Out<typeof userReportSchema> = {
  user_id: ids.marco,
  start_date: "2026-03-16",
  end_date: "2026-03-20",
  report: [
    {
      date: "2026-03-16",
      hours: 4.3,
      percetange: 53.13,
      work_log: 15300,
      billable_work_log: 15300,
      planned: 3600,
      capacity: 28800,
      time_off: 0,
      credited: 0,
    },
    {
      date: "2026-03-17",
      hours: 1,
      percetange: 12.5,
      work_log: 3600,
      billable_work_log: 0,
      planned: 0,
      capacity: 28800,
      time_off: 0,
      credited: 0,
    },
    idleDay("2026-03-18"),
    idleDay("2026-03-19"),
    { ...idleDay("2026-03-20"), capacity: 14400, time_off: 14400 },
  ],
  totals: marcoWeekTotals,
};

export const projectReportExample: Out<typeof projectReportSchema> = {
  entries: [
    {
      id: ids.paletteEvent,
      user: marcoRef,
      title: "Colour palette",
      task: { uid: ids.paletteTask, name: "Colour palette" },
      category: artDirectionRef,
      project: rebrandRef,
      start_time: 1773669600000,
      end_time: 1773676800000,
      elapsed_time: 6300,
    },
    {
      id: ids.logoEvent,
      user: marcoRef,
      title: "Logo concepts",
      task: { uid: ids.logoTask, name: "New logo" },
      category: artDirectionRef,
      project: rebrandRef,
      start_time: 1773666000000,
      end_time: 1773675000000,
      elapsed_time: 9000,
    },
  ],
  page: 1,
  page_size: 2,
  total: 38,
  total_elapsed_time: 302400,
};

export const projectStatisticsExample: Out<typeof projectStatisticsSchema> = {
  project_id: ids.rebrand,
  budget: 24000,
  target_budget: 16800,
  current_budget_used: 4140,
  available_budget: 19860,
  target_marginability_percentage: 30,
  current_marginality_percentage: 82.75,
  total_confirmed_hours: 84,
  total_confirmed_hours_cost: 2940,
  total_unconfirmed_hours: 2,
  total_unconfirmed_hours_cost: 70,
  total_planned_hours: 40,
  total_planned_hours_cost: 1400,
  cumulative_total_costs: 5610,
  costs_forecast: [
    { date: "2026-03-16", total_cost: 4140 },
    { date: "2026-03-23", total_cost: 4910 },
    { date: "2026-03-30", total_cost: 5610 },
  ],
  total_work_log: 302400,
  total_work_log_cost: 2940,
  total_final_balance_expenses: 1200,
  without_contract: 0,
  plan_versus_actual: {
    planned: 288000,
    logged: 302400,
    difference: 14400,
    planned_cost: 2800,
    logged_cost: 2940,
    difference_cost: 140,
  },
  budget_runway: { weekly_cost: 612.5, runs_out_on: "2026-10-19" },
  overhead_share: { amount: 512.4, marginability_with_overheads: 80.62, unallocated_seconds: 0 },
  today: "2026-03-16",
};
