import { z } from "zod";
import { storage, storageKeys } from "./storage";

const storedSessionSchema = z.object({ token: z.string().min(1) });
export type StoredSession = z.infer<typeof storedSessionSchema>;

/** The token of the stored session, or null when there is none or it is unreadable. */
export function readSessionToken(): string | null {
  try {
    const parsed = storedSessionSchema.safeParse(storage.getJson(storageKeys.session));
    return parsed.success ? parsed.data.token : null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  storage.setJson(storageKeys.session, session);
}

export function clearSession(): void {
  try {
    storage.removeItem(storageKeys.session);
  } catch (error) {
    console.error(error);
  }
}
