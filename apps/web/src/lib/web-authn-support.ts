/**
 * Whether this browser can run a WebAuthn ceremony at all; checked without loading the library, in a module of its own
 * so that the sign-in screen asks it without fetching the failure texts (decision 016's budgets).
 */
export function browserHasWebAuthn(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
