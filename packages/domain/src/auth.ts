import { z } from "zod";
import { languages } from "./languages.js";
import { passwordMaxLength, passwordMinLength } from "./password-length.js";
import { userSchema } from "./user.js";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  // The document describes what is sent; the server also drops spaces around it and keeps it in lower case.
  .meta({ format: "email" })
  .pipe(z.email({ message: "Invalid email address" }));

/**
 * The length part of the password rule. The strength part (decision 010) lives in `@timetrap/domain/password-strength`,
 * apart because of its dictionaries; every route where a password is chosen applies both.
 */
export const passwordSchema = z
  .string()
  .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
  .max(passwordMaxLength, `Password must be at most ${passwordMaxLength} characters`)
  .describe(
    `${passwordMinLength} to ${passwordMaxLength} characters, and not too easy to guess: a common password, or one made of the person's name or e-mail, is refused (zxcvbn score below 3)`,
  );

export const nominativeSchema = z.string().trim().min(1, "Name is required").max(120);

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, "Password is required").max(passwordMaxLength),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const signUpInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  nominative: nominativeSchema,
  /** The interface language the person signed up in; without it the browser's Accept-Language decides. */
  language: z.enum(languages).optional(),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** Sign-in with Google: only the ID token is trusted; any profile fields sent beside it are ignored. */
export const googleSignInInputSchema = z.object({
  credential: z.string().min(1, "Google ID token is required").max(8192),
});
export type GoogleSignInInput = z.infer<typeof googleSignInInputSchema>;

export const lostPasswordQuerySchema = z.object({ email: emailSchema });

export const changePasswordInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  token: z.string().min(1, "Missing token").max(512),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /**
   * The person's organization requires a second factor and they have none yet: until they enrol, the session reaches
   * only the enrolment calls (decision 018).
   */
  enrolment_required: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** The ways a second step can be passed. A passkey joins the list where the person has one. */
export const secondFactorMethods = ["totp", "recovery_code", "passkey"] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** The first step's answer when the account has two-factor sign-in on: no token, a ticket for the second step. */
export const mfaRequiredResponseSchema = z.object({
  mfa_required: z.literal(true),
  ticket: z.string(),
  /** The ways this person can pass the second step. */
  methods: z.array(z.enum(secondFactorMethods)),
});
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponseSchema>;

/** A sign-in's answer: signed in, or asked for the second factor. */
export const signInResponseSchema = z.union([authResponseSchema, mfaRequiredResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const successResponseSchema = z.object({ success: z.literal(true) });

/**
 * Following a reset or invitation link signs the person in: they have just proved they own the mailbox
 * (decision 005).
 */
export const changePasswordResponseSchema = z.union([
  authResponseSchema.extend({ success: z.literal(true) }),
  // A reset link proves the mailbox, not the second factor: with two-factor on, the code step follows (decision 018).
  mfaRequiredResponseSchema.extend({ success: z.literal(true) }),
]);
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** What the web needs to know about the server's configuration before sign-in. */
export const publicConfigSchema = z.object({
  version: z.string(),
  googleClientId: z.string().nullable(),
  chatScriptUrl: z.string().nullable(),
  tagManagerUrl: z.string().nullable(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
  knowledgeBaseUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Reset links are valid this long. */
export const resetTokenLifetimeMinutes = 60;

/** Invitation links are valid this long (decision 005). */
export const invitationLifetimeDays = 7;
