import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Passkey, passkeyCreationOptionsSchema, passkeySchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { getPasskeysQueryOptions, passkeysPath } from "./get-passkeys";

/**
 * Makes a passkey on this device (or a phone, a security key) and stores it under the name given: the server's
 * options, the browser's ceremony, the server's check. The WebAuthn library comes with the first passkey added.
 */
export async function addPasskey({ name }: { name: string }): Promise<Passkey> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import("@simplewebauthn/browser"),
    api.post(`${passkeysPath}/register/options`, { schema: passkeyCreationOptionsSchema }),
  ]);
  const response = await startRegistration({ optionsJSON });
  return api.post(`${passkeysPath}/register/verify`, { body: { name, response }, schema: passkeySchema });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
