import { describe, expect, it } from "vitest";
import { changePasswordResponseSchema } from "./auth.js";
import { defaultPreferences } from "./preferences.js";
import type { User } from "./user.js";

const user: User = {
  uid: "u1",
  email: "ann@example.com",
  email_verified: true,
  nominative: "Ann",
  image_url: null,
  preferences: defaultPreferences,
  status: "active",
  integrations: [],
  organization: null,
  role: null,
  hourly_cost: null,
  contractual_hours: null,
  productivity_target: null,
  terms_of_use: true,
  privacy_policy: true,
  cookie_consent: null,
  external_uid: null,
  language: "en",
};

describe("changePasswordResponseSchema", () => {
  it.each([
    [
      "the success flag, a session token and the user",
      { success: true, token: "t", user, enrolment_required: false },
      true,
    ],
    [
      "the success flag and a ticket for the second step",
      { success: true, mfa_required: true, ticket: "k", methods: ["totp", "recovery_code"] },
      true,
    ],
    ["a ticket without the ways to pass the step", { success: true, mfa_required: true, ticket: "k" }, false],
    ["the bare success flag of before", { success: true }, false],
    ["a session without the success flag", { token: "t", user }, false],
    ["success false", { success: false, token: "t", user }, false],
    ["a token that is not text", { success: true, token: 42, user }, false],
  ])("%s → valid %s", (_label, value, valid) => {
    expect(changePasswordResponseSchema.safeParse(value).success).toBe(valid);
  });
});
