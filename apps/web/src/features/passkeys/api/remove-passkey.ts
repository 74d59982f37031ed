import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getPasskeysQueryOptions, passkeysPath } from "./get-passkeys";

/** Removes a passkey: it signs nobody in any more, though the device may still offer it. */
export function removePasskey({ passkeyId }: { passkeyId: string }): Promise<void> {
  return api.delete(`${passkeysPath}/${encodeURIComponent(passkeyId)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
