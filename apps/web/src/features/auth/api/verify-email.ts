import { useMutation } from "@tanstack/react-query";
import { type User, userSchema, type VerifyEmailInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** Follows the e-mailed link: the address is marked verified. A used, unknown or expired link is a 400. */
export function verifyEmail(input: VerifyEmailInput): Promise<User> {
  return api.post("/auth/verify-email", { body: input, schema: userSchema });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
