import { useMutation } from "@tanstack/react-query";
import type { AuthResponse, SignInInput } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

export function signIn(input: SignInInput): Promise<AuthResponse> {
  return api.post("/auth/basic", { body: input, schema: async () => (await answerSchemas()).authResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
