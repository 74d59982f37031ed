import { useMutation } from "@tanstack/react-query";
import type { SignInInput, SignInResponse } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

export function signIn(input: SignInInput): Promise<SignInResponse> {
  return api.post("/auth/basic", { body: input, schema: async () => (await answerSchemas()).signInResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
