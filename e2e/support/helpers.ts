import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

export const password = "correct-horse-42";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function uniqueDomain(prefix = "acme"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}.com`;
}

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the newest e-mail the local SMTP server received for `to`. */
export async function waitForMail(to: string): Promise<ReceivedMail> {
  const url = process.env.MAILBOX_URL;
  if (!url) throw new Error("MAILBOX_URL is not set: the global setup did not run");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(url)).json()) as ReceivedMail[];
        found = messages.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase())).at(-1);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A user who finished onboarding, made through the API: the journeys that start later use it. */
export async function createOnboardedUser(
  request: APIRequestContext,
  options: { email?: string; nominative?: string; organization?: string; domains?: string[] } = {},
) {
  const email = options.email ?? uniqueEmail();
  const signup = await request.post("/api/v1/auth/basic/signup", {
    data: { email, password, nominative: options.nominative ?? "Ada Lovelace" },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
  const headers = { authorization: `Bearer ${token}` };
  const terms = await request.patch(`/api/v1/user/${user.uid}`, {
    headers,
    data: { terms_of_use: true, privacy_policy: true, language: "en", cookie_consent: true },
  });
  expect(terms.status()).toBe(200);
  const org = await request.post(`/api/v1/user/${user.uid}/organization`, {
    headers,
    data: { name: options.organization ?? "Acme", domains: options.domains ?? [] },
  });
  expect(org.status()).toBe(201);
  return { email, token, uid: user.uid };
}
