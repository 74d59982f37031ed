import { useMutation } from "@tanstack/react-query";
import { type AuthResponse, authResponseSchema, type SignUpInput } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export function signUp(input: SignUpInput): Promise<AuthResponse> {
  return api.post("/auth/basic/signup", { body: input, schema: authResponseSchema });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
