import { useMutation } from "@tanstack/react-query";
import type { AuthResponse, SignUpInput } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

export function signUp(input: SignUpInput): Promise<AuthResponse> {
  return api.post("/auth/basic/signup", {
    body: input,
    schema: async () => (await answerSchemas()).authResponseSchema,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
