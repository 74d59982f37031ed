import { useMutation } from "@tanstack/react-query";
import { type ChangePasswordInput, type ChangePasswordResponse, changePasswordResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** Decision 005: following an invitation or a reset link proves the mailbox, so the answer signs the person in. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return api.post("/auth/basic/change-password", { body: input, schema: changePasswordResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
