import type { ChangePasswordResponse, SignInResponse } from "./auth.js";

/**
 * Whether a sign-in's answer asks for the second step (decision 018). A module of its own, without zod, so that the
 * sign-in screen can tell the two answers apart without loading the schemas (decision 016).
 */
export const isMfaRequired = <T extends SignInResponse | ChangePasswordResponse>(
  answer: T,
): answer is Extract<T, { mfa_required: true }> => "mfa_required" in answer;
