import { z } from "zod";
import { someFieldRequired } from "./calendar-date.js";
import { type Language, languages } from "./languages.js";
import { organizationSchema } from "./organization.js";
import { roleSchema } from "./permissions.js";
import { preferencesPatchSchema, preferencesSchema } from "./preferences.js";

/** The language of a new organization. */
export const defaultOrganizationLanguage: Language = "en";

export const userStatuses = ["active", "inactive", "invited"] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  /** Set by following the verification link, the invitation link or signing in with Google (decision 008). */
  email_verified: z.boolean(),
  nominative: z.string(),
  image_url: z.string().nullable(),
  preferences: preferencesSchema,
  status: z.enum(userStatuses),
  integrations: z.array(z.object({ service: z.string() })),
  organization: organizationSchema.nullable(),
  role: roleSchema.nullable(),
  hourly_cost: z.number().nullable(),
  contractual_hours: z.number().nullable(),
  productivity_target: z.number().nullable(),
  terms_of_use: z.boolean(),
  privacy_policy: z.boolean(),
  /** null until the user answers the cookie banner. */
  cookie_consent: z.boolean().nullable(),
  external_uid: z.string().nullable(),
  language: z.enum(languages),
});
export type User = z.infer<typeof userSchema>;

/** `GET auth/me`: the user, and whether their session is for enrolling a second factor only (decision 018). */
export const currentUserSchema = userSchema.extend({ enrolment_required: z.boolean() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const updateUserInputSchema = /* @__PURE__ */ someFieldRequired(
  z
    .object({
      language: z.enum(languages),
      preferences: preferencesPatchSchema,
      terms_of_use: z.boolean(),
      privacy_policy: z.boolean(),
      cookie_consent: z.boolean(),
      status: z.enum(["active", "inactive"]),
    })
    .partial()
    .strict(),
);
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export type OnboardingStep = "terms" | "organization" | null;

/** Spec part 1 §4 "Onboarding": terms first, then the organization, then nothing. */
export function onboardingStep(user: Pick<User, "terms_of_use" | "privacy_policy" | "organization">): OnboardingStep {
  if (!user.terms_of_use || !user.privacy_policy) return "terms";
  if (!user.organization) return "organization";
  return null;
}
