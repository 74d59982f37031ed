import type {
  Customer,
  OrganizationUser,
  PlanConfigEntry,
  Project,
  ProjectArea,
  ProjectCategory,
  TaskCategory,
  User,
  WorkflowStatus,
} from "@timetrap/domain";
import { buildProject as buildAnyProject, buildOrganization, buildRole, buildUser } from "../../testing/builders";
import { jsonResponse, type StubHandler } from "../../testing/fetch-stub";
import { stubSignedInApi } from "../../testing/signed-in-api";

/** Ids are uuids on the wire, and the project form's schema checks them. */
export const ids = {
  me: "5f0c1c1e-0000-4000-8000-000000000001",
  grace: "5f0c1c1e-0000-4000-8000-000000000002",
  alan: "5f0c1c1e-0000-4000-8000-000000000003",
  acme: "5f0c1c1e-0000-4000-8000-0000000000a1",
  bottega: "5f0c1c1e-0000-4000-8000-0000000000a2",
  open: "5f0c1c1e-0000-4000-8000-0000000000b1",
  closed: "5f0c1c1e-0000-4000-8000-0000000000b2",
  web: "5f0c1c1e-0000-4000-8000-0000000000c1",
  north: "5f0c1c1e-0000-4000-8000-0000000000d1",
} as const;

export const people = {
  me: { uid: ids.me, nominative: "Ada Lovelace", image_url: null },
  grace: { uid: ids.grace, nominative: "Grace Hopper", image_url: null },
  alan: { uid: ids.alan, nominative: "Alan Turing", image_url: null },
};

export const customers: Customer[] = [
  {
    uid: ids.acme,
    nominative: "Acme Corp",
    email: null,
    fiscal_code: null,
    vat_number: null,
    external_id: null,
  },
  {
    uid: ids.bottega,
    nominative: "Bottega Verde",
    email: null,
    fiscal_code: null,
    vat_number: null,
    external_id: null,
  },
];

export const statuses: WorkflowStatus[] = [
  { uid: ids.closed, key: "closed", name: "Closed", editable: false, selected_by_default: false },
  { uid: ids.open, key: "open", name: "Open", editable: false, selected_by_default: true },
];

export const projectCategories: ProjectCategory[] = [{ uid: ids.web, name: "Web", color: "#228be6" }];
export const projectAreas: ProjectArea[] = [{ uid: ids.north, name: "North" }];
export const taskCategories: TaskCategory[] = [
  { uid: "tc-1", name: "Meetings", color: "#fab005", is_used_for_tasks: true, is_used_for_planning: false },
];

/** A project for Acme, managed by the signed-in person, in the workflow's open status. */
export function buildProject(overrides: Partial<Project> = {}): Project {
  return buildAnyProject({
    customer_id: ids.acme,
    customer: { uid: ids.acme, nominative: "Acme Corp" },
    project_manager: people.me,
    status: { uid: ids.open, key: "open", name: "Open" },
    created_at: 0,
    ...overrides,
  });
}

export function buildActiveUser(ref: { uid: string; nominative: string }): OrganizationUser {
  return {
    uid: ref.uid,
    nominative: ref.nominative,
    email: `${ref.nominative.split(" ")[0]?.toLowerCase()}@acme.com`,
    image_url: null,
    status: "active",
    role: null,
    contract_type: null,
    contractual_hours: null,
    two_factor: false,
    holiday_group_id: null,
  };
}

export const unlimitedProjects: PlanConfigEntry[] = [
  { unitType: "PROJECT", enabled: true, tierLimited: false, tierLimit: null },
];

export function projectsLimitedTo(limit: number): PlanConfigEntry[] {
  return [{ unitType: "PROJECT", enabled: true, tierLimited: true, tierLimit: limit }];
}

/** The signed-in person, an admin of org-1 by default, on a plan with unlimited projects. */
export function signedInUser(overrides: Partial<User> = {}, planConfig: PlanConfigEntry[] = unlimitedProjects): User {
  return buildUser({
    uid: ids.me,
    nominative: people.me.nominative,
    role: buildRole("admin"),
    organization: buildOrganization({
      plan: { uid: "plan-free", code: "free", name: "Free", config: planConfig, subscription: null },
    }),
    ...overrides,
  });
}

/** The API of org-1 for the projects screens: `routes` adds to or replaces the defaults. */
export function projectsServer({
  me = signedInUser(),
  projects = [],
  routes = {},
}: {
  me?: User;
  projects?: Project[];
  routes?: Record<string, StubHandler>;
} = {}) {
  const org = "/api/v1/organization/org-1";
  return stubSignedInApi(me, {
    [`GET ${org}/project`]: () => jsonResponse(projects),
    [`GET ${org}/customer`]: () => jsonResponse(customers),
    [`GET ${org}/user`]: () => jsonResponse([people.me, people.grace, people.alan].map(buildActiveUser)),
    [`GET ${org}/projects-workflows`]: () => jsonResponse(statuses),
    [`GET ${org}/project-category`]: () => jsonResponse(projectCategories),
    [`GET ${org}/project-area`]: () => jsonResponse(projectAreas),
    [`GET ${org}/task-category`]: () => jsonResponse(taskCategories),
    ...routes,
  });
}

export const projectsRoute = (view?: "my-projects" | "all-projects") =>
  `/user/${ids.me}/projects?organizationId=org-1${view ? `&v=${view}` : ""}`;
