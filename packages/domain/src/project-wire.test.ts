import { describe, expect, it } from "vitest";
import { defaultRoles, type HasAcls } from "./permissions.js";
import {
  canEditProject,
  canSeeProject,
  expenseInputSchema,
  expenseTotals,
  type MemberTag,
  matchesProjectFilter,
  matchesProjectSearch,
  overlapsRange,
  type Project,
  projectCsvRow,
  projectInputSchema,
  projectTeamRows,
  splitMyProjects,
} from "./projects.js";

const [admin, , member] = defaultRoles as unknown as [HasAcls, HasAcls, HasAcls];
const ids = {
  customer: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
  manager: "1b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
  sales: "2b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
};

const project = (overrides: Partial<Project> = {}): Project => ({
  uid: "p1",
  title: "Sito web Caffè Nero",
  organization_id: "o",
  customer_id: "c1",
  customer: { uid: "c1", nominative: "Caffè Nero" },
  project_manager: { uid: "u-manager", nominative: "Giulia Bianchi", image_url: null },
  status: { uid: "s-open", key: "open", name: "Open" },
  category: { uid: "cat-web", name: "Web", color: "#228be6" },
  area: { uid: "area-north", name: "North" },
  external_reference: "Q-2026-014",
  not_billable: false,
  budget: 12000,
  marginability_percentage: 30,
  tolerance_days: null,
  project_type: 0,
  contact_name: null,
  contact_surname: null,
  contact_email: null,
  contact_role: null,
  description: null,
  start_date: "2026-01-10",
  end_date: "2026-06-30",
  closing_date: null,
  members: [{ user: { uid: "u-sales", nominative: "Luca Verdi", image_url: null }, tags: ["sales"] }],
  latest_update: null,
  progress: 0,
  total_work_log: 0,
  total_work_log_cost: 0,
  total_final_balance_expenses: 0,
  current_marginability: 100,
  created_at: 0,
  ...overrides,
});

describe("projectInputSchema", () => {
  const valid = {
    title: "Sito",
    customer_id: ids.customer,
    project_manager_id: ids.manager,
    salesaccount: [ids.sales],
  };
  const fieldsOf = (input: unknown) => {
    const result = projectInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("fills the spec's defaults and sends empty ids as null", () => {
    expect(projectInputSchema.parse({ ...valid, category_id: "", area_id: null })).toMatchObject({
      budget: 0,
      marginability_percentage: 30,
      category_id: null,
      area_id: null,
      status_id: null,
      not_billable: false,
      responsible: [],
    });
  });

  it.each([
    ["no title", { title: "  " }, "title: Title is required"],
    ["no customer", { customer_id: undefined }, "customer_id: Customer is required"],
    ["a null customer", { customer_id: null }, "customer_id: Customer is required"],
    ["no manager", { project_manager_id: undefined }, "project_manager_id: Project manager is required"],
    ["no account manager", { salesaccount: [] }, "salesaccount: At least one account manager is required"],
    ["a negative budget", { budget: -1 }, "budget: Budget cannot be negative"],
    ["a budget with 3 decimals", { budget: 1.005 }, "budget: Budget takes at most 2 decimals"],
    [
      "an end before the start",
      { start_date: "2026-05-01", end_date: "2026-04-30" },
      "end_date: The end date cannot be before the start date",
    ],
    ["a date that is not one", { start_date: "2026-02-30" }, "start_date: Must be a date written as YYYY-MM-DD"],
    ["an unknown project type", { project_type: 7 }, "project_type: Project type must be 0 to 4"],
    ["a bad contact e-mail", { contact_email: "nope" }, "contact_email: Contact e-mail is not valid"],
  ])("rejects %s", (_label, patch, expected) => {
    expect(fieldsOf({ ...valid, ...patch })).toContain(expected);
  });
});

describe("expenseInputSchema", () => {
  it.each([
    ["an estimate is never billable", { is_final_balance: false, is_billable: true }, false],
    ["a final balance keeps its billable flag", { is_final_balance: true, is_billable: true }, true],
  ])("%s", (_label, patch, billable) => {
    expect(expenseInputSchema.parse({ title: "Hosting", amount: 120, ...patch }).is_billable).toBe(billable);
  });
});

describe("expenseTotals", () => {
  it("adds decimals exactly", () => {
    expect(
      expenseTotals([
        { amount: 0.1, is_final_balance: true, is_billable: true },
        { amount: 0.2, is_final_balance: true, is_billable: false },
        { amount: 100.55, is_final_balance: false, is_billable: false },
      ]),
    ).toEqual({ estimated: 100.55, finalBalance: 0.3, billable: 0.1 });
  });
});

describe("project visibility and editing", () => {
  it.each([
    ["an admin sees any project", admin, "someone", true],
    ["a member sees a project they are on", member, "u-sales", true],
    ["a member sees the project they manage", member, "u-manager", true],
    ["a role without read project sees no other project", { acls: [] }, "someone", false],
  ] as const)("%s", (_label, role, userId, expected) => {
    expect(canSeeProject(role, userId, project())).toBe(expected);
  });

  it.each([
    ["an admin", admin, "someone", true],
    ["the project manager without edit project", { acls: [] }, "u-manager", true],
    ["a sales member without edit project", member, "u-sales", false],
  ] as const)("%s may edit: %s", (_label, role, userId, expected) => {
    expect(canEditProject(role, userId, project())).toBe(expected);
  });
});

describe("matchesProjectFilter", () => {
  it.each([
    ["no filter", {}, true],
    ["title without accent", { projectTitle: "caffe" }, true],
    ["another title", { projectTitle: "app" }, false],
    ["its customer among several", { customerName: ["Acme", "Caffè Nero"] }, true],
    ["other customers", { customerName: ["Acme"] }, false],
    ["reference part", { referenceQuote: "2026-014" }, true],
    ["its manager", { projectLeader: ["u-manager"] }, true],
    ["its status", { status: ["s-open"] }, true],
    ["another status", { status: ["s-done"] }, false],
    ["its category", { projectCategory: ["cat-web"] }, true],
    ["its type", { projectType: [0, 3] }, true],
    ["another type", { projectType: [1] }, false],
    ["the exact budget", { budget: 12000 }, true],
    ["a close budget", { budget: 12000.01 }, false],
    ["the exact marginality", { marginality: 100 }, true],
    ["another marginality", { marginality: 30 }, false],
    ["an empty list filters nothing", { status: [] }, true],
  ])("%s", (_label, filter, expected) => {
    expect(matchesProjectFilter(project(), filter)).toBe(expected);
  });

  it("searches title, customer, reference and manager", () => {
    expect(matchesProjectSearch(project(), "giulia q-2026")).toBe(true);
    expect(matchesProjectSearch(project(), "rossi")).toBe(false);
  });
});

describe("projectCsvRow", () => {
  it("follows the spec's columns", () => {
    expect(projectCsvRow(project())).toEqual([
      "Sito web Caffè Nero",
      "Caffè Nero",
      "Q-2026-014",
      "Giulia Bianchi",
      "Open",
      "one-shot",
      "Web",
      "North",
      12000,
      100,
      "2026-01-10",
      "2026-06-30",
    ]);
  });
});

describe("overlapsRange", () => {
  const range: [string, string] = ["2025-03-01", "2025-03-31"];
  it.each([
    ["inside the range", "2025-03-05", "2025-03-20", true],
    ["around the range", "2025-01-01", "2025-12-31", true],
    ["ending on its first day", "2025-02-01", "2025-03-01", true],
    ["starting on its last day", "2025-03-31", "2025-04-30", true],
    ["ending before it", "2025-01-01", "2025-02-28", false],
    ["starting after it", "2025-04-01", "2025-04-30", false],
    ["with no start, ending inside", null, "2025-03-10", true],
    ["with no end, started before", "2024-01-01", null, true],
    ["with no end, starting after", "2025-04-02", null, false],
    ["with neither date", null, null, false],
  ])("a project %s: %s", (_label, start_date, end_date, expected) => {
    expect(overlapsRange({ start_date, end_date }, range)).toBe(expected);
  });

  it.each([
    [[null, null], { start_date: null, end_date: null }, true],
    [[null, "2020-01-15"], { start_date: "2020-01-01", end_date: "2020-02-01" }, true],
    [["2020-02-02", null], { start_date: "2020-01-01", end_date: "2020-02-01" }, false],
  ] as const)("an open side of %j does not limit", (range, dates, expected) => {
    expect(overlapsRange(dates, [...range])).toBe(expected);
  });
});

describe("splitMyProjects", () => {
  const me = { uid: "me", nominative: "Me", image_url: null };
  const led = project({ uid: "led", project_manager: me });
  const ledAndResponsible = project({
    uid: "led-responsible",
    project_manager: me,
    members: [{ user: me, tags: ["responsible"] }],
  });
  const onTeam = project({ uid: "team", members: [{ user: me, tags: ["informed"] }] });
  const other = project({ uid: "other" });

  it.each([
    ["a project the user only manages", [led], ["led"], []],
    ["a project the user is only on", [onTeam], [], ["team"]],
    [
      "a project the user manages and is responsible of is in both",
      [ledAndResponsible],
      ["led-responsible"],
      ["led-responsible"],
    ],
    ["someone else's project is in neither", [other], [], []],
    [
      "together, in the given order",
      [onTeam, other, ledAndResponsible, led],
      ["led-responsible", "led"],
      ["team", "led-responsible"],
    ],
  ])("%s", (_name, projects, managed, member) => {
    const split = splitMyProjects(projects, "me");
    expect(split.managed.map((p) => p.uid)).toEqual(managed);
    expect(split.member.map((p) => p.uid)).toEqual(member);
  });
});

describe("projectTeamRows", () => {
  const manager = { uid: "pm", nominative: "Paola Manager", image_url: null };
  const anna = { uid: "anna", nominative: "Anna", image_url: null };

  it.each([
    ["the manager alone", [], [["pm", true, []]]],
    [
      "a manager who is also responsible is one row, with the tag",
      [{ user: manager, tags: ["responsible"] as MemberTag[] }],
      [["pm", true, ["responsible"]]],
    ],
    [
      "members after the manager, tags in the spec's order",
      [
        { user: anna, tags: ["informed", "sales"] as MemberTag[] },
        { user: manager, tags: ["consulted", "responsible"] as MemberTag[] },
      ],
      [
        ["pm", true, ["responsible", "consulted"]],
        ["anna", false, ["sales", "informed"]],
      ],
    ],
  ])("%s", (_name, members, rows) => {
    const team = projectTeamRows({ project_manager: manager, members });
    expect(team.map((row) => [row.user.uid, row.manager, row.tags])).toEqual(rows);
  });
});
