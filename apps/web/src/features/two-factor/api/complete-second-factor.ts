import { useMutation } from "@tanstack/react-query";
import type { AuthResponse, SecondFactorInput } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

/** The second step of a sign-in: the first step's ticket and a code. */
export function completeSecondFactor(input: SecondFactorInput): Promise<AuthResponse> {
  return api.post("/auth/basic/mfa", { body: input, schema: async () => (await answerSchemas()).authResponseSchema });
}

export function useCompleteSecondFactor() {
  return useMutation({ mutationFn: completeSecondFactor });
}
