import { createHash } from "node:crypto";
import { userSchema } from "@timetrap/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { passwordResetTokens, users } from "../../db/schema.js";
import { buildUser, uniqueEmail } from "../../test/factories.js";
import { request, snapshot, useTestAppWithMail } from "../../test/test-app.js";

const { t, smtp } = useTestAppWithMail();

const password = "Vermilion-Otter-Cascade-42";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const verify = (json: unknown) => request(t.app, { method: "POST", url: "/api/v1/auth/verify-email", json });
const resend = (token?: string, remoteAddress = "198.51.100.7") =>
  request(t.app, {
    method: "POST",
    url: "/api/v1/auth/verify-email/resend",
    remoteAddress,
    ...(token ? { token } : {}),
  });

async function signUp(language: "en" | "it" = "en") {
  const email = uniqueEmail("verify");
  const response = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/basic/signup",
    json: { email, password, nominative: "Vera", language },
  });
  expect(response.statusCode).toBe(201);
  return { email, token: response.json().token as string, userId: response.json().user.uid as string };
}

/** The token of the latest verification e-mail to `email`. */
async function receiveVerification(email: string) {
  const mail = await smtp.waitForMessage(email);
  const link = new URL(mail.links[0]!);
  return { mail, link, token: link.searchParams.get("token")! };
}

describe("POST /auth/verify-email", () => {
  test("sign-up mails a link in the person's language; following it verifies the e-mail, once", async () => {
    const { email, token: session } = await signUp("en");
    const { mail, link, token } = await receiveVerification(email);
    expect(mail.subject).toBe("Confirm your e-mail address for Timetrap");
    expect(mail.text).toContain("Hello Vera,");
    expect(mail.text).toContain("within 48 hours");
    expect(`${link.origin}${link.pathname}`).toBe("http://timetrap.test/verify-email");
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect(stored).toMatchObject({ purpose: "verify", usedAt: null });
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3600_000;
    expect(hours).toBeGreaterThan(47.99);
    expect(hours).toBeLessThanOrEqual(48.01);

    const response = await verify({ token });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json())).toMatchObject({ email, email_verified: true });
    expect((await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: session })).json()).toMatchObject({
      email_verified: true,
    });

    const reused = await verify({ token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: "INVALID_TOKEN",
      ErrorMessage: "This verification link is not valid any more. Sign in and ask for a new one",
    });
  });

  test("writes the e-mail in Italian for an Italian account", async () => {
    const { email } = await signUp("it");
    const { mail } = await receiveVerification(email);
    expect(mail.subject).toBe("Conferma il tuo indirizzo e-mail per Timetrap");
    expect(mail.text).toContain("Ciao Vera,");
  });

  test("refuses an unknown or expired link with 400 INVALID_TOKEN, and writes nothing", async () => {
    const { email, userId } = await signUp();
    const { token } = await receiveVerification(email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, "verify")));
    const before = await snapshot(t.db);
    for (const json of [{ token }, { token: "unknown" }]) {
      const response = await verify(json);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "INVALID_TOKEN" });
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test.each([[{}], [{ token: "" }], [{ token: "x".repeat(513) }], [{ token: "t", extra: true }]])(
    "refuses %j with a 400 naming the field and writes nothing",
    async (json) => {
      const before = await snapshot(t.db);
      const response = await verify(json);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(response.json().details[0].field).toMatch(/^body\./);
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("a verification link never sets a password through change-password", async () => {
    const { email, userId } = await signUp();
    const { token } = await receiveVerification(email);
    const [before] = await t.db.select().from(users).where(eq(users.id, userId));
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/change-password",
      json: { email, token, password: "Another-Strong-Passphrase-77" },
    });
    expect(response.statusCode).toBe(400);
    const [after] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await verify({ token })).statusCode).toBe(200);
  });
});

describe("POST /auth/verify-email/resend", () => {
  test("sends a new link; the earlier one stops working", async () => {
    const { email, token: session } = await signUp();
    const first = await receiveVerification(email);
    expect((await resend(session)).statusCode).toBe(204);
    const second = await receiveVerification(email);
    expect(second.token).not.toBe(first.token);
    expect((await verify({ token: first.token })).statusCode).toBe(400);
    expect((await verify({ token: second.token })).statusCode).toBe(200);
  });

  test("answers 409 once verified, 401 without a session, and sends nothing", async () => {
    const verified = await buildUser(t, { emailVerifiedAt: new Date() });
    const sent = smtp.messages.length;
    const response = await resend(verified.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().ErrorMessage).toBe("Your e-mail address is already verified");
    expect((await resend()).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smtp.messages.length).toBe(sent);
  });

  test("at most 3 e-mails an hour to one address (the sign-up's included): then 429 with Retry-After", async () => {
    const { email, token: session } = await signUp();
    await receiveVerification(email);
    expect((await resend(session, "198.51.100.20")).statusCode).toBe(204);
    expect((await resend(session, "198.51.100.21")).statusCode).toBe(204);
    const refused = await resend(session, "198.51.100.22");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  test("at most 20 an hour asked from one client address, across accounts", async () => {
    const client = "198.51.100.99";
    const sessions: string[] = [];
    for (let i = 0; i < 7; i++) {
      const user = await buildUser(t);
      sessions.push(user.token);
    }
    const answers: number[] = [];
    for (const session of sessions) {
      for (let i = 0; i < 3; i++) answers.push((await resend(session, client)).statusCode);
    }
    expect(answers.filter((status) => status === 204)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });
});
