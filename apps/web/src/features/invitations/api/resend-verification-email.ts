import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** A new verification link to the signed-in person's address; 429 (with its own message) when asked too often. */
export function resendVerificationEmail(): Promise<void> {
  return api.post("/auth/verify-email/resend");
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
