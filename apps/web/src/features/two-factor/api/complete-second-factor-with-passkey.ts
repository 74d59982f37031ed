import { type AuthResponse, authResponseSchema, passkeyRequestOptionsSchema } from "@timetrap/domain";
import { api } from "../../../lib/api-client";
import { authenticateWithPasskey } from "../../../lib/passkey-ceremony";

/**
 * The second step of a sign-in with a passkey (decisions 018 and 019): the ticket fetches options that offer only the
 * person's passkeys, the browser runs the ceremony (the WebAuthn library is fetched then), and the ticket with the
 * passkey's answer signs in as a code does.
 */
export async function completeSecondFactorWithPasskey({ ticket }: { ticket: string }): Promise<AuthResponse> {
  const response = await authenticateWithPasskey(
    api.post("/auth/basic/mfa/passkey/options", { body: { ticket }, schema: passkeyRequestOptionsSchema }),
  );
  return api.post("/auth/basic/mfa/passkey", { body: { ticket, response }, schema: authResponseSchema });
}
