import { describe, expect, it } from "vitest";
import { type Acl, actions, can, defaultRoles, defaultRolesIn, menuVisibility, subjects } from "./permissions.js";

const role = (acls: Acl[]) => ({ acls });
const admin = defaultRoles.find((r) => r.key === "admin")!;
const manager = defaultRoles.find((r) => r.key === "manager")!;
const member = defaultRoles.find((r) => r.key === "member")!;

describe("can", () => {
  it.each([
    ["a guest (no role)", null, "read", "project", false],
    ["an undefined role", undefined, "read", "project", false],
    ["a role with no acls", role([]), "read", "project", false],
    ["a role with the action", role([{ subject: "project", actions: ["read"] }]), "read", "project", true],
    ["a role with another action", role([{ subject: "project", actions: ["read"] }]), "edit", "project", false],
    [
      "a role with the action on another subject",
      role([{ subject: "team", actions: ["edit"] }]),
      "edit",
      "project",
      false,
    ],
    ["a manager editing projects", manager, "edit", "project", true],
    ["a manager editing the organization", manager, "edit", "organization", false],
    ["a manager editing other boards", manager, "edit", "team", true],
    ["a manager reading the timesheet", manager, "read", "timesheet", true],
    ["a member reading projects", member, "read", "project", true],
    ["a member creating projects", member, "create", "project", false],
    ["a member reading the team", member, "read", "team", false],
  ] as const)("%s: %s %s → %s", (_label, r, action, subject, expected) => {
    expect(can(r, action, subject)).toBe(expected);
  });

  it("lets an admin do every action on every subject", () => {
    for (const subject of subjects) for (const action of actions) expect(can(admin, action, subject)).toBe(true);
  });
});

describe("defaultRolesIn", () => {
  it.each([
    ["en", ["Admin", "Manager", "Member"]],
    ["it", ["Amministratore", "Manager", "Membro"]],
  ] as const)("names the roles of a new organization in %s: %j", (language, names) => {
    const roles = defaultRolesIn(language);
    expect(roles.map((r) => r.name)).toEqual(names);
    expect(roles.map((r) => [r.key, r.acls])).toEqual(defaultRoles.map((r) => [r.key, r.acls]));
  });
});

describe("menuVisibility", () => {
  it("shows nothing of the organization to a guest", () => {
    expect(Object.values(menuVisibility(null)).every((v) => v === false)).toBe(true);
  });

  it("shows everything to an admin", () => {
    expect(Object.values(menuVisibility(admin)).every((v) => v === true)).toBe(true);
  });

  it("shows a member projects and project setup only", () => {
    expect(menuVisibility(member)).toEqual({
      projects: true,
      projectSetup: true,
      organizationDetail: false,
      subscription: false,
      advanced: false,
      audit: false,
      customers: false,
      userManagement: false,
      users: false,
      overheads: false,
      roles: false,
      timesheet: false,
      approvals: false,
      organizationGroup: true,
    });
  });

  it.each([
    [
      "edit organization",
      { subject: "organization", actions: ["edit"] },
      ["organizationDetail", "subscription", "advanced", "audit"],
    ],
    ["read organization", { subject: "organization", actions: ["read"] }, ["customers"]],
    ["read user", { subject: "user", actions: ["read"] }, ["userManagement", "users", "overheads"]],
    ["read role", { subject: "role", actions: ["read"] }, ["userManagement", "roles"]],
    ["read timesheet", { subject: "timesheet", actions: ["read"] }, ["userManagement", "timesheet"]],
    ["edit timesheet", { subject: "timesheet", actions: ["edit"] }, ["approvals"]],
  ] as const)("%s shows the Organization group with %j", (_label, acl, shown) => {
    const visibility = menuVisibility(role([{ subject: acl.subject, actions: [...acl.actions] }]));
    const visible = Object.entries(visibility)
      .filter(([, v]) => v)
      .map(([k]) => k)
      .sort();
    expect(visible).toEqual([...shown, "organizationGroup"].sort());
  });
});
