import { describe, expect, it } from "vitest";
import { stripDescriptions } from "./strip-descriptions-plugin.ts";

describe("stripDescriptions", () => {
  it.each([
    ['z.string().describe("The name")', "z.string()"],
    ["z.string().describe('It\\'s the name')", "z.string()"],
    ["z.number().describe(`Seconds`).nullable()", "z.number().nullable()"],
    ['z.uuid()\n    .describe("A role (needs `edit` on `user`)"),', "z.uuid(),"],
    ['z.boolean().describe(\n  "Long words " +\n    "written in two",\n)', "z.boolean()"],
    ['z.string().describe("with \\"quotes\\" and (parentheses)")', "z.string()"],
    // A description that is not written out is kept, as is anything else named describe.
    ["z.string().describe(words)", "z.string().describe(words)"],
    [`z.string().describe(\`Seconds of \${unit}\`)`, `z.string().describe(\`Seconds of \${unit}\`)`],
    ['describe("a test", () => {})', 'describe("a test", () => {})'],
    ['const a = x.describe("one"), b = y.describe("two");', "const a = x, b = y;"],
  ])("%s", (source, expected) => {
    expect(stripDescriptions(source)).toBe(expected);
  });
});
