import { describe, expect, it } from "vitest";
import { canWriteCustomers, customerInputSchema, isCustomerDeletionConfirmed } from "./customers.js";
import { overheadInputSchema } from "./overheads.js";
import { defaultRoles, type HasAcls } from "./permissions.js";
import { workflowStatusInputSchema } from "./workflows.js";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("customerInputSchema", () => {
  it("trims, lower-cases the e-mail and turns blanks into null", () => {
    expect(
      customerInputSchema.parse({
        nominative: "  Caffè Nero ",
        email: " Info@CaffeNero.IT ",
        fiscal_code: "  ",
        vat_number: "IT123",
      }),
    ).toEqual({
      nominative: "Caffè Nero",
      email: "info@caffenero.it",
      fiscal_code: null,
      vat_number: "IT123",
      external_id: null,
    });
  });

  it.each([
    ["a one-letter name", { nominative: "A" }, "nominative: Name needs at least 2 characters"],
    ["a blank name", { nominative: "   " }, "nominative: Name needs at least 2 characters"],
    ["no name", {}, "nominative: Name is required"],
    ["a bad e-mail", { nominative: "Acme", email: "not-an-email" }, "email: E-mail address is not valid"],
    ["an unknown field", { nominative: "Acme", vat: "x" }, ': Unrecognized key: "vat"'],
  ])("rejects %s", (_label, input, expected) => {
    expect(messagesOf(customerInputSchema.safeParse(input))).toContain(expected);
  });
});

describe("overheadInputSchema", () => {
  it.each([
    ["a negative amount", { amount: -1 }, "amount: Amount cannot be negative"],
    ["three decimals", { amount: 10.123 }, "amount: Amount takes at most 2 decimals"],
    ["an end before the start", { to_date: "2026-01-01" }, "to_date: The end date cannot be before the start date"],
  ])("rejects %s", (_label, patch, expected) => {
    const input = { amount: 1200.5, from_date: "2026-02-01", to_date: "2026-02-28", ...patch };
    expect(messagesOf(overheadInputSchema.safeParse(input))).toContain(expected);
  });

  it("accepts an open-ended overhead", () => {
    expect(overheadInputSchema.parse({ amount: 99.99, from_date: "2026-02-01" })).toEqual({
      amount: 99.99,
      from_date: "2026-02-01",
      to_date: null,
    });
  });
});

describe("workflowStatusInputSchema", () => {
  it.each([
    ["X", false],
    [" X ", false],
    ["QA", true],
    ["In review", true],
  ])("%j is accepted: %s", (name, expected) => {
    expect(workflowStatusInputSchema.safeParse({ name }).success).toBe(expected);
  });
});

describe("isCustomerDeletionConfirmed", () => {
  it.each([
    ["delete-caffe-nero", true],
    ["elimina-caffe-nero", true],
    ["Delete-Caffè-Nero", false],
    ["delete-caffe", false],
    ["", false],
  ])("%j: %s", (slug, expected) => {
    expect(isCustomerDeletionConfirmed(slug, "Caffè Nero")).toBe(expected);
  });
});

describe("canWriteCustomers", () => {
  const [admin, manager, member] = defaultRoles as unknown as [HasAcls, HasAcls, HasAcls];
  it.each([
    ["Admin creates", admin, "create", true],
    ["Manager creates (runs projects)", manager, "create", true],
    ["Manager deletes", manager, "delete", true],
    ["Member creates", member, "create", false],
    ["a guest edits", null, "edit", false],
    ["project create only, edit", { acls: [{ subject: "project", actions: ["create"] }] }, "edit", false],
  ] as const)("%s: %s", (_label, role, action, expected) => {
    expect(canWriteCustomers(role, action)).toBe(expected);
  });
});
