import { randomBytes, randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

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

/** Waits for the newest e-mail the local SMTP server received for `to` (whose text matches `containing`, if given). */
export async function waitForMail(to: string, containing?: RegExp): Promise<ReceivedMail> {
  const url = process.env.MAILBOX_URL;
  if (!url) throw new Error("MAILBOX_URL is not set: the global setup did not run");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(url)).json()) as ReceivedMail[];
        found = messages
          .filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()))
          .filter((m) => !containing || containing.test(m.text))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * An `X-Forwarded-For` naming a client address of its own (the server trusts the loopback proxy in these runs), so
 * that the accounts the helpers make do not all count against the e-mail limits of one address.
 */
export function ownClientAddress(): Record<string, string> {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return { "x-forwarded-for": `10.${a}.${b}.${c}` };
}

/** A user who finished onboarding, made through the API: the journeys that start later use it. */
export async function createOnboardedUser(
  request: APIRequestContext,
  options: {
    email?: string;
    nominative?: string;
    organization?: string;
    domains?: string[];
    /** null: the cookie question is still open, and the banner asks it. */
    cookieConsent?: boolean | null;
  } = {},
) {
  const email = options.email ?? uniqueEmail();
  const signup = await request.post("/api/v1/auth/basic/signup", {
    headers: ownClientAddress(),
    data: { email, password, nominative: options.nominative ?? "Ada Lovelace" },
  });
  expect(signup.status()).toBe(201);
  const { token, user } = (await signup.json()) as { token: string; user: { uid: string } };
  const headers = { authorization: `Bearer ${token}` };
  const terms = await request.patch(`/api/v1/user/${user.uid}`, {
    headers,
    data: {
      terms_of_use: true,
      privacy_policy: true,
      language: "en",
      ...(options.cookieConsent === null ? {} : { cookie_consent: options.cookieConsent ?? true }),
    },
  });
  expect(terms.status()).toBe(200);
  const org = await request.post(`/api/v1/user/${user.uid}/organization`, {
    headers,
    data: { name: options.organization ?? "Acme", domains: options.domains ?? [] },
  });
  expect(org.status()).toBe(201);
  await verifyEmail(request, email);
  return { email, token, uid: user.uid };
}

/** Follows the verification link mailed at sign-up, as the person would. */
export async function verifyEmail(request: APIRequestContext, email: string) {
  const link = await mailedLink(email, "verify-email");
  const verified = await request.post("/api/v1/auth/verify-email", { data: { token: link.searchParams.get("token") } });
  expect(verified.status()).toBe(200);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Me {
  uid: string;
  email: string;
  organization: { uid: string; name: string };
  role: { uid: string; name: string };
}

export async function getMe(request: APIRequestContext, token: string): Promise<Me> {
  const response = await request.get("/api/v1/auth/me", { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** Opens `path` already signed in with `token`, in `language`, as a returning user would. */
export async function openSignedIn(page: Page, token: string, path: string, language: "en" | "it" = "en") {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem("session", JSON.stringify({ token: t }));
      localStorage.setItem("language", l);
    },
    [token, language] as const,
  );
  await page.goto(path);
}

const linkPattern = (path: string) => new RegExp(`https?://\\S+/${path}\\?\\S+`);

/** The link to `path` (`invitation`, `verify-email`) in the newest e-mail to `email` that has one. */
export async function mailedLink(email: string, path: "invitation" | "verify-email"): Promise<URL> {
  const mail = await waitForMail(email, linkPattern(path));
  const match = linkPattern(path).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the e-mail to ${email}:\n${mail.text}`);
  return new URL(match[0]);
}

/** The invitation link of the newest invitation e-mail sent to `email`. */
export function invitationLink(email: string): Promise<URL> {
  return mailedLink(email, "invitation");
}

/**
 * The built-in roles' names in both languages: an organization names its default roles in its own language at
 * creation, so a journey looks a built-in role up by either name.
 */
const builtInRoleNames: Record<string, readonly string[]> = {
  Admin: ["Admin", "Amministratore"],
  Manager: ["Manager"],
  Member: ["Member", "Membro"],
};

/** The role called `name`, or, for a built-in role's English name, the same role named in Italian. */
export function findRole<R extends { name: string }>(roles: readonly R[], name: string): R | undefined {
  const names = builtInRoleNames[name] ?? [name];
  return roles.find((r) => r.name === name) ?? roles.find((r) => names.includes(r.name));
}

/** A colleague invited through the API with one of the organization's roles, who accepted by e-mail. */
export async function addColleague(
  request: APIRequestContext,
  admin: { token: string },
  options: { roleName: string; nominative: string; email?: string },
) {
  const { organization } = await getMe(request, admin.token);
  const roles = (await (
    await request.get(`/api/v1/organization/${organization.uid}/role`, { headers: bearer(admin.token) })
  ).json()) as { uid: string; name: string }[];
  const role = findRole(roles, options.roleName);
  if (!role) throw new Error(`no role named ${options.roleName}`);
  const email = options.email ?? uniqueEmail(options.nominative.split(" ")[0]!.toLowerCase());
  const invite = await request.post(`/api/v1/organization/${organization.uid}/user/invite`, {
    headers: bearer(admin.token),
    data: { email, nominative: options.nominative, organization_role_id: role.uid },
  });
  expect(invite.status()).toBe(201);
  const link = await invitationLink(email);
  const accepted = await request.post("/api/v1/auth/invitation/accept", {
    data: { token: link.searchParams.get("token"), password, nominative: options.nominative },
  });
  expect(accepted.status()).toBe(200);
  const { token, user } = (await accepted.json()) as { token: string; user: { uid: string } };
  const terms = await request.patch(`/api/v1/user/${user.uid}`, {
    headers: bearer(token),
    data: { terms_of_use: true, privacy_policy: true, cookie_consent: true },
  });
  expect(terms.status()).toBe(200);
  return { email, token, uid: user.uid, organizationId: organization.uid };
}
