import { useMutation } from "@tanstack/react-query";
import type { GoogleSignInInput, SignInResponse } from "@timetrap/domain";
import { answerSchemas, api } from "../../../lib/api-client";

export function signInWithGoogle(input: GoogleSignInInput): Promise<SignInResponse> {
  return api.post("/auth/sign", { body: input, schema: async () => (await answerSchemas()).signInResponseSchema });
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
