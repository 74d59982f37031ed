import { useEffect, useState } from "react";
import { deleteCookie, getCookie, setCookie } from "../../lib/cookies";
import { storage, storageKeys } from "../../lib/storage";

export const newChangelogCookie = "new-changelog";
/** Spec part 1 §9: the new-changelog cookie is cleared 1.5 s after acceptance. */
export const newChangelogClearDelayMs = 1500;

function readLastSeenVersion(): string | null {
  try {
    return storage.getItem(storageKeys.lastSeenVersion);
  } catch (error) {
    console.error(error);
    return null;
  }
}

function writeLastSeenVersion(version: string): void {
  try {
    storage.setItem(storageKeys.lastSeenVersion, version);
  } catch (error) {
    console.error(error);
  }
}

/**
 * Decides whether the changelog opens by itself.
 * - Only with cookies accepted is anything stored (the cookie and the last version seen).
 * - A version different from the last one seen sets `new-changelog=true`; a first visit (nothing seen
 *   yet) only records the version, since there is nothing "new" for someone who never saw an older one.
 * - While the cookie is "true" the changelog opens; the cookie is cleared 1.5 s later so a reload does
 *   not open it again.
 */
export function useNewChangelog({
  version,
  consentAccepted,
}: {
  version: string | undefined;
  consentAccepted: boolean;
}): boolean {
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!consentAccepted || !version) return;
    const lastSeen = readLastSeenVersion();
    if (lastSeen !== version) {
      writeLastSeenVersion(version);
      if (lastSeen !== null) setCookie(newChangelogCookie, "true");
    }
    if (getCookie(newChangelogCookie) !== "true") return;
    setShow(true);
    const timer = window.setTimeout(() => deleteCookie(newChangelogCookie), newChangelogClearDelayMs);
    return () => window.clearTimeout(timer);
  }, [version, consentAccepted]);

  return show;
}
