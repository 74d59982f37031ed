import { useMutation } from "@tanstack/react-query";
import { type ChangePasswordInput, successResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function changePassword(input: ChangePasswordInput): Promise<{ success: true }> {
  return api.post("/auth/basic/change-password", { body: input, schema: successResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
