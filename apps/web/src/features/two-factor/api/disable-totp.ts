import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmTwoFactorInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getTwoFactorStatusQueryOptions } from "./get-two-factor-status";

export function disableTotp(input: ConfirmTwoFactorInput): Promise<void> {
  return api.post("/auth/totp/disable", { body: input });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getTwoFactorStatusQueryOptions().queryKey }),
  });
}
