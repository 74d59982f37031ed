import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Passkey, passkeySchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getPasskeysQueryOptions, passkeysPath } from "./get-passkeys";

export function renamePasskey({ passkeyId, name }: { passkeyId: string; name: string }): Promise<Passkey> {
  return api.patch(`${passkeysPath}/${encodeURIComponent(passkeyId)}`, { body: { name }, schema: passkeySchema });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
