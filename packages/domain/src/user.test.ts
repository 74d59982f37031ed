import { describe, expect, it } from "vitest";
import { signUpInputSchema } from "./auth.js";
import { onboardingStep, updateUserInputSchema } from "./user.js";

const org = { uid: "o" } as never;

describe("onboardingStep", () => {
  it.each([
    [false, false, null, "terms"],
    [true, false, null, "terms"],
    [false, true, org, "terms"],
    [true, true, null, "organization"],
    [true, true, org, null],
  ] as const)("terms %s, privacy %s, organization %s → %s", (terms_of_use, privacy_policy, organization, expected) => {
    expect(onboardingStep({ terms_of_use, privacy_policy, organization })).toBe(expected);
  });
});

describe("signUpInputSchema", () => {
  it("lower-cases and trims the e-mail", () => {
    expect(signUpInputSchema.parse({ email: " Ada@Example.COM ", password: "12345678", nominative: "Ada" }).email).toBe(
      "ada@example.com",
    );
  });

  it.each([
    ["a short password", { email: "a@b.it", password: "1234567", nominative: "Ada" }, "password"],
    ["a malformed e-mail", { email: "a@", password: "12345678", nominative: "Ada" }, "email"],
    ["a blank name", { email: "a@b.it", password: "12345678", nominative: "   " }, "nominative"],
  ])("rejects %s naming the field", (_label, input, field) => {
    const result = signUpInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("updateUserInputSchema", () => {
  it.each([
    ["an empty patch", {}],
    ["an unknown field", { email: "x@y.it" }],
    ["an unknown language", { language: "fr" }],
    ["status invited", { status: "invited" }],
    ["an unknown preference", { preferences: { colour: "red" } }],
  ])("rejects %s", (_label, input) => {
    expect(updateUserInputSchema.safeParse(input).success).toBe(false);
  });

  it("accepts a partial preferences patch", () => {
    expect(updateUserInputSchema.parse({ preferences: { weekends: true } })).toEqual({
      preferences: { weekends: true },
    });
  });
});
