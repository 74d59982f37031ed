import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { totpFactors } from "../db/schema.js";
import { type BuiltUser, buildUser } from "./factories.js";
import { request, type TestApp } from "./test-app.js";

const step = 30_000;

/** The authenticator app's code for the moment `at`, as a phone with that clock would show it. */
export function totpCodeAt(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

export type UserWithTotp = BuiltUser & { secret: string; recoveryCodes: string[] };

/**
 * A user (new, or the one given) with the authenticator app turned on through the API. It is confirmed with the code
 * of the step before the current one, so the current step's code is still unused for the test to sign in with.
 */
export async function withTotp(t: TestApp, user?: BuiltUser): Promise<UserWithTotp> {
  const person = user ?? (await buildUser(t));
  const setup = await request(t.app, { method: "POST", url: "/api/v1/auth/totp/setup", token: person.token });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enabled = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/totp/enable",
    token: person.token,
    json: { code: totpCodeAt(secret, Date.now() - step) },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable answered ${enabled.statusCode}: ${enabled.body}`);
  return { ...person, secret, recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
}

/** Forgets which step was used last, so that any code within the window counts as new. */
export async function forgetUsedSteps(t: TestApp, userId: string): Promise<void> {
  await t.db.update(totpFactors).set({ lastUsedStep: null }).where(eq(totpFactors.userId, userId));
}

let addressCounter = 0;
/** A documentation address (RFC 5737) no other call of the file uses, so that the sign-in limits of calls never meet. */
export function freshAddress(): string {
  addressCounter += 1;
  return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** Six digits that are none of the codes within the window around now: a wrong code, for certain. */
export function wrongCodeFor(secret: string): string {
  const now = Date.now();
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => totpCodeAt(secret, now + steps * step)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, "0");
    if (!near.has(candidate)) return candidate;
  }
}
