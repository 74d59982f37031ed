import { describe, expect, it, test } from "vitest";
import {
  canSeeProjectWhen,
  currentMarginability,
  isOnProjectOf,
  linkHref,
  linkUrlMessage,
  projectLinkInputSchema,
  projectTypeOfCode,
} from "./projects.js";

describe("currentMarginability", () => {
  it.each([
    ["no budget", 0, 500, 0, null],
    ["nothing spent", 10_000, 0, 0, 100],
    ["a third spent", 9_000, 2_000, 1_000, 66.67],
    ["exactly on budget", 5_000, 4_000, 1_000, 0],
    ["over budget", 1_000, 1_500, 0, -50],
    ["rounded to two decimals", 3, 1, 0, 66.67],
  ])("%s", (_label, budget, cost, expenses, expected) => {
    expect(currentMarginability(budget, cost, expenses)).toBe(expected);
  });
});

describe("projectTypeOfCode", () => {
  it.each([
    [0, "one-shot"],
    [1, "recurring"],
    [2, "cost-based"],
    [3, "hour-pack"],
    [4, "pre-sale"],
  ] as const)("%d is %s", (code, expected) => {
    expect(projectTypeOfCode(code)).toBe(expected);
  });
});

describe("isOnProjectOf and canSeeProjectWhen", () => {
  it.each([
    ["the manager", "u1", "u1", [], true],
    ["a member", "u2", "u1", ["u3", "u2"], true],
    ["neither", "u4", "u1", ["u2", "u3"], false],
    ["no manager, not a member", "u1", null, [], false],
    ["no manager, a member", "u1", null, ["u1"], true],
  ] as const)("%s", (_label, userId, managerId, memberIds, expected) => {
    expect(isOnProjectOf(userId, managerId, memberIds)).toBe(expected);
  });

  it("lets read on project see every project, and anyone else only those they are on", () => {
    const reader = { acls: [{ subject: "project" as const, actions: ["read" as const] }] };
    const other = { acls: [] };
    expect(canSeeProjectWhen(reader, false)).toBe(true);
    expect(canSeeProjectWhen(other, false)).toBe(false);
    expect(canSeeProjectWhen(other, true)).toBe(true);
  });
});

describe("linkHref", () => {
  test.each([
    ["https://example.com/a?b=1#c", "https://example.com/a?b=1#c"],
    ["  http://example.com  ", "http://example.com/"],
    ["HTTPS://Example.COM", "https://example.com/"],
    ["example.com/docs", "https://example.com/docs"],
    ["mailto:ada@example.com", "mailto:ada@example.com"],
    ["MAILTO:ada@example.com", "mailto:ada@example.com"],
    ["", ""],
    ["   ", ""],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["java\tscript:alert(1)", null],
    [" java\nscript:alert(1)", null],
    ["data:text/html,<script>alert(1)</script>", null],
    ["file:///etc/passwd", null],
    ["ftp://example.com", null],
    ["vbscript:msgbox", null],
    ["Shared drive", null],
    ["http://exa mple.com", null],
    ["https://", null],
  ])("%j → %j", (text, href) => {
    expect(linkHref(text)).toBe(href);
  });

  test("the input schema saves the normalized address and refuses other schemes with the message", () => {
    expect(projectLinkInputSchema.parse({ title: "Docs", url: "example.com" })).toEqual({
      title: "Docs",
      url: "https://example.com/",
    });
    expect(projectLinkInputSchema.parse({ title: "Docs" }).url).toBe("");
    const refused = projectLinkInputSchema.safeParse({ title: "Docs", url: "javascript:alert(1)" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["url"], code: "custom", message: linkUrlMessage }),
    ]);
  });
});
