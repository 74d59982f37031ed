import { useMutation } from "@tanstack/react-query";
import type { AuthResponse, GoogleSignInInput } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

export function signInWithGoogle(input: GoogleSignInInput): Promise<AuthResponse> {
  return api.post("/auth/sign", { body: input, schema: async () => (await answerSchemas()).authResponseSchema });
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
