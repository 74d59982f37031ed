import { useMutation } from "@tanstack/react-query";
import { type AuthResponse, authResponseSchema, type SignInInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function signIn(input: SignInInput): Promise<AuthResponse> {
  return api.post("/auth/basic", { body: input, schema: authResponseSchema });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
