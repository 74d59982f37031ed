import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConfirmTwoFactorInput, type RecoveryCodesResponse, recoveryCodesResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getTwoFactorStatusQueryOptions } from "./get-two-factor-status";

/** Ten new recovery codes; the earlier ones stop working. */
export function regenerateRecoveryCodes(input: ConfirmTwoFactorInput): Promise<RecoveryCodesResponse> {
  return api.post("/auth/totp/recovery-codes", { body: input, schema: recoveryCodesResponseSchema });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions().queryKey }),
  });
}
