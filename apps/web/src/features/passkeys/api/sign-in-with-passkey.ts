import { type AuthResponse, authResponseSchema, passkeyRequestOptionsSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { authenticateWithPasskey } from "../../../lib/passkey-ceremony";
import { passkeysPath } from "./get-passkeys";

/**
 * Signs in with a passkey alone: the browser offers the passkeys it holds for this site, the person picks one and
 * unlocks it, and the server answers as a password sign-in does. Fetched when the button is pressed, with the WebAuthn
 * library, so that the sign-in screen's first load carries neither (decision 016).
 */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const response = await authenticateWithPasskey(
    api.post(`${passkeysPath}/sign-in/options`, { schema: passkeyRequestOptionsSchema }),
  );
  return api.post(`${passkeysPath}/sign-in/verify`, { body: { response }, schema: authResponseSchema });
}
