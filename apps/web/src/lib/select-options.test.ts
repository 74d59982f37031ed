import { describe, expect, it } from "vitest";
import { withCurrentOption } from "./select-options";

describe("select options", () => {
  const options = [
    { value: "a", label: "Alpha" },
    { value: "b", label: "Beta" },
  ];

  it("puts the current choice first when the list no longer offers it", () => {
    expect(withCurrentOption(options, { uid: "z", label: "Zeta" })).toEqual([
      { value: "z", label: "Zeta" },
      ...options,
    ]);
  });

  it("leaves the list as it is when it offers the current choice, or when there is none", () => {
    expect(withCurrentOption(options, { uid: "b", label: "Beta (old name)" })).toBe(options);
    expect(withCurrentOption(options, null)).toBe(options);
    expect(withCurrentOption(options, undefined)).toBe(options);
  });
});
