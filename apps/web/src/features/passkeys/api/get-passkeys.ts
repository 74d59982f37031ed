import { queryOptions, useQuery } from "@tanstack/react-query";
import { type Passkey, passkeyListSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";

export const passkeysPath = "/auth/passkeys";

/** The signed-in person's passkeys, oldest first. */
export function getPasskeys({ signal }: { signal?: AbortSignal } = {}): Promise<Passkey[]> {
  return api.get(passkeysPath, { schema: passkeyListSchema, signal });
}

export function getPasskeysQueryOptions() {
  return queryOptions({
    queryKey: ["auth", "passkeys"],
    queryFn: ({ signal }) => getPasskeys({ signal }),
  });
}

export function usePasskeys() {
  return useQuery(getPasskeysQueryOptions());
}
