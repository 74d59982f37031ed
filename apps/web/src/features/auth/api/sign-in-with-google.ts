import { useMutation } from "@tanstack/react-query";
import { type AuthResponse, authResponseSchema, type GoogleSignInInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function signInWithGoogle(input: GoogleSignInInput): Promise<AuthResponse> {
  return api.post("/auth/sign", { body: input, schema: authResponseSchema });
}

export function useSignInWithGoogle() {
  return useMutation({ mutationFn: signInWithGoogle });
}
