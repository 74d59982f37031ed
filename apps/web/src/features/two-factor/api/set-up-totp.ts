import { useMutation } from "@tanstack/react-query";
import { type TotpSetupResponse, totpSetupResponseSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** A new authenticator secret to scan or type; it replaces one set up and never confirmed. */
export function setUpTotp(): Promise<TotpSetupResponse> {
  return api.post("/auth/totp/setup", { schema: totpSetupResponseSchema });
}

export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp });
}
