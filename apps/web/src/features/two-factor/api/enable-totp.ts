import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type EnableTotpInput, type RecoveryCodesResponse, recoveryCodesResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getTwoFactorStatusQueryOptions } from "./get-two-factor-status";

/** Confirms the secret with a first code; answers the recovery codes, this once. */
export function enableTotp(input: EnableTotpInput): Promise<RecoveryCodesResponse> {
  return api.post("/auth/totp/enable", { body: input, schema: recoveryCodesResponseSchema });
}

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    // Not during enrolment: that session may read nothing else until the person goes on into the app.
    onSuccess: () => queryClient.removeQueries({ queryKey: getTwoFactorStatusQueryOptions().queryKey }),
  });
}
