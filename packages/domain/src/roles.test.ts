import { describe, expect, it } from "vitest";
import { defaultRoles, type HasAcls } from "./permissions.js";
import { accessViolation, administersAccess, normalizeAcls, roleInputSchema, toggleAcl } from "./roles.js";

const [admin, manager, member] = defaultRoles as unknown as [HasAcls, HasAcls, HasAcls];

describe("administersAccess", () => {
  it.each([
    ["Admin", admin, true],
    ["Manager", manager, false],
    ["Member", member, false],
    ["no role", null, false],
    [
      "every right on role and user only",
      {
        acls: [
          { subject: "role", actions: ["read", "create", "edit", "delete"] },
          { subject: "user", actions: ["read", "create", "edit", "delete"] },
        ],
      },
      true,
    ],
    [
      "missing delete on user",
      {
        acls: [
          { subject: "role", actions: ["read", "create", "edit", "delete"] },
          { subject: "user", actions: ["read", "create", "edit"] },
        ],
      },
      false,
    ],
  ] as const)("%s: %s", (_label, role, expected) => {
    expect(administersAccess(role)).toBe(expected);
  });
});

describe("accessViolation", () => {
  const a = { userId: "a", status: "active", role: admin } as const;
  const b = { userId: "b", status: "active", role: admin } as const;
  const m = { userId: "m", status: "active", role: member } as const;

  it.each([
    ["another admin is demoted while the actor stays admin", "a", [a, b, m], [a, { ...b, role: member }, m], null],
    ["the actor demotes themself", "a", [a, b], [{ ...a, role: member }, b], "actor-would-lose-administration"],
    [
      "the actor deactivates themself",
      "a",
      [a, b],
      [{ ...a, status: "inactive" }, b],
      "actor-would-lose-administration",
    ],
    [
      "the last admin is demoted by a member",
      "m",
      [a, m],
      [{ ...a, role: member }, m],
      "organization-would-lose-administration",
    ],
    [
      "the last active admin is deactivated by a member",
      "m",
      [a, m],
      [{ ...a, status: "inactive" }, m],
      "organization-would-lose-administration",
    ],
    ["a member is promoted", "a", [a, m], [a, { ...m, role: admin }], null],
    [
      "an invited admin does not count",
      "m",
      [a, { ...b, status: "invited" }, m],
      [{ ...a, role: member }, { ...b, status: "invited" }, m],
      "organization-would-lose-administration",
    ],
    ["nothing changes in an organization without an admin", "m", [m], [m], null],
  ] as const)("%s", (_label, actor, before, after, expected) => {
    expect(accessViolation(actor, before, after)).toBe(expected);
  });
});

describe("normalizeAcls and toggleAcl", () => {
  it("orders subjects and actions as the spec lists them, merges repeats and drops empty entries", () => {
    expect(
      normalizeAcls([
        { subject: "user", actions: ["edit", "read", "read"] },
        { subject: "organization", actions: ["read"] },
        { subject: "user", actions: ["create"] },
        { subject: "team", actions: [] },
      ]),
    ).toEqual([
      { subject: "organization", actions: ["read"] },
      { subject: "user", actions: ["read", "create", "edit"] },
    ]);
  });

  it("adds and removes one checkbox of the matrix", () => {
    const granted = toggleAcl([], "project", "edit", true);
    expect(granted).toEqual([{ subject: "project", actions: ["edit"] }]);
    expect(toggleAcl(granted, "project", "edit", false)).toEqual([]);
  });
});

describe("roleInputSchema", () => {
  it("reads acls sent as JSON text", () => {
    expect(
      roleInputSchema.parse({ name: " Auditor ", acls: JSON.stringify([{ subject: "timesheet", actions: ["read"] }]) }),
    ).toEqual({ name: "Auditor", acls: [{ subject: "timesheet", actions: ["read"] }] });
  });

  it.each([
    ["text that is not JSON", "{nope"],
    ["an unknown subject", JSON.stringify([{ subject: "invoices", actions: ["read"] }])],
    ["an unknown action", JSON.stringify([{ subject: "user", actions: ["approve"] }])],
    ["an object instead of a list", JSON.stringify({ subject: "user" })],
  ])("rejects %s", (_label, acls) => {
    expect(roleInputSchema.safeParse({ name: "X", acls }).success).toBe(false);
  });
});
