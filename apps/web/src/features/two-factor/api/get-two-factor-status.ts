import { queryOptions, useQuery } from "@tanstack/react-query";
import { type TwoFactorStatus, twoFactorStatusSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

/** Whether the signed-in person signs in with an authenticator app, and how many recovery codes they have left. */
export function getTwoFactorStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return api.get("/auth/totp", { schema: twoFactorStatusSchema, signal });
}

export function getTwoFactorStatusQueryOptions() {
  return queryOptions({ queryKey: ["auth", "two-factor"], queryFn: ({ signal }) => getTwoFactorStatus({ signal }) });
}

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
