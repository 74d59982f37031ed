import { api, isApiError } from "../../../lib/api-client";

/**
 * Spec part 1 §2 logout, with the session ended on the server first (decision 009), so that a copy of the token
 * stops working too. The local sign-out follows whatever the answer: a session already ended elsewhere (401) or an
 * unreachable server must not keep the person signed in here.
 */
export async function logOut(): Promise<void> {
  try {
    await api.post("/auth/logout");
  } catch (error) {
    if (!isApiError(error) || error.status !== 401) console.error("Could not end the session on the server", error);
  }
}
