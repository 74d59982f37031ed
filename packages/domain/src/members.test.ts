import { describe, expect, it } from "vitest";
import { canMemberGo, inviteUserInputSchema, matchesUserFilter, occupiesSeat } from "./members.js";
import { type HasAcls, subjects } from "./permissions.js";

describe("matchesUserFilter", () => {
  const nicolo = { nominative: "Nicolò Bianchi", email: "nico@acme.it", status: "active" } as const;
  it.each([
    ["the default status filter", "active", "", true],
    ["another status", "invited", "", false],
    ["all statuses", "all", "", true],
    ["a part of the name", "active", "bian", true],
    ["a part of the e-mail", "active", "acme.it", true],
    ["without the accent", "active", "nicolo", true],
    ["in upper case", "active", "NICOLÒ", true],
    ["name and e-mail together", "active", "nicolò acme", true],
    ["a word that is nowhere", "active", "rossi", false],
    ["only spaces", "active", "   ", true],
  ] as const)("%s", (_label, status, search, expected) => {
    expect(matchesUserFilter(nicolo, status, search)).toBe(expected);
  });
});

describe("occupiesSeat", () => {
  it.each([
    ["active", true],
    ["invited", true],
    ["inactive", false],
  ] as const)("%s: %s", (status, expected) => {
    expect(occupiesSeat(status)).toBe(expected);
  });
});

describe("inviteUserInputSchema", () => {
  const valid = {
    email: "Anna@Acme.it",
    nominative: "Anna",
    organization_role_id: "0b8a3e5e-3b8e-4c56-9b7c-7f0d8a1e2c3d",
  };
  it("lower-cases the e-mail", () => {
    expect(inviteUserInputSchema.parse(valid).email).toBe("anna@acme.it");
  });
  it.each([
    ["a bad e-mail", { email: "anna" }, "email"],
    ["a one-letter name", { nominative: "A" }, "nominative"],
    ["no role", { organization_role_id: undefined }, "organization_role_id"],
    ["a role that is not an id", { organization_role_id: "admin" }, "organization_role_id"],
  ])("rejects %s naming the field", (_label, patch, field) => {
    const result = inviteUserInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });
});

describe("canMemberGo", () => {
  type Person = Parameters<typeof canMemberGo>[1][number];
  const all: HasAcls = {
    acls: subjects.map((subject) => ({ subject, actions: ["read", "create", "edit", "delete"] })),
  };
  const reader: HasAcls = { acls: [{ subject: "project", actions: ["read"] }] };
  const admin = (userId: string, status: Person["status"] = "active"): Person => ({ userId, status, role: all });
  const member = (userId: string): Person => ({ userId, status: "active", role: reader });
  const cases: Array<[string, string, Person[], boolean]> = [
    ["a member who administers nothing", "m", [admin("a"), member("m")], true],
    ["an admin beside another active admin", "a", [admin("a"), admin("b")], true],
    ["the last active admin", "a", [admin("a"), member("m")], false],
    ["the last active admin beside an inactive one", "a", [admin("a"), admin("b", "inactive")], false],
    ["an inactive admin beside an active one", "b", [admin("a"), admin("b", "inactive")], true],
    ["the only member", "a", [admin("a")], false],
    ["someone not in the list", "x", [admin("a")], true],
  ];
  it.each(cases)("%s: %s", (_label, userId, members, expected) => {
    expect(canMemberGo(userId, members)).toBe(expected);
  });
});
