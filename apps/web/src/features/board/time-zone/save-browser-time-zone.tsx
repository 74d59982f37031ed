import { isTimeZone, type User } from "@timetrap/domain";
import { useEffect, useRef } from "react";
import { useUpdateUser } from "../../../api/update-user";

/** The browser's IANA zone, or null when it names none the app can use. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/**
 * ARCHITECTURE.md "Time": a person's time zone is taken from the browser at first sign-in, and their series, day
 * totals and reports follow it. Saved once, only while none is stored, so a zone chosen later is never overwritten.
 */
export function SaveBrowserTimeZone({ user }: { user: Pick<User, "uid" | "preferences"> }) {
  const updateUser = useUpdateUser();
  const sentFor = useRef<string | null>(null);
  const missing = user.preferences.timeZone === null;

  useEffect(() => {
    if (!missing || sentFor.current === user.uid) return;
    const timeZone = browserTimeZone();
    if (!timeZone) return;
    sentFor.current = user.uid;
    updateUser.mutate(
      { userId: user.uid, data: { preferences: { timeZone } } },
      // Not worth interrupting anyone for: the server keeps UTC until the next sign-in tries again.
      { onError: (error) => console.error("Could not save the time zone", error) },
    );
  }, [missing, user.uid, updateUser.mutate]);

  return null;
}
