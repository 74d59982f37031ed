import { useMutation } from "@tanstack/react-query";
import { successResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function requestPasswordReset({ email }: { email: string }): Promise<{ success: true }> {
  return api.get("/auth/basic/lost-password", { query: { email }, schema: successResponseSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
