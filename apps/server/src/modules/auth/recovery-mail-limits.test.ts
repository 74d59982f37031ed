import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { passwordResetTokens, rateLimitCounters } from "../../db/schema.js";
import { buildUser, uniqueEmail } from "../../test/factories.js";
import { request, useTestAppWithMail } from "../../test/test-app.js";

const { t, smtp } = useTestAppWithMail();

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
};

const lostPassword = (email: string, remoteAddress: string) =>
  request(t.app, {
    method: "GET",
    url: `/api/v1/auth/basic/lost-password?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });

/** The work after an answer has run once the request is counted under the address limit. */
async function counted(email: string, times: number): Promise<void> {
  await vi.waitFor(async () => {
    const [row] = await t.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.scope, "mail:address"), eq(rateLimitCounters.subject, email)));
    expect(row?.count).toBe(times);
  });
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));

describe("password-recovery e-mails", () => {
  test("at most 3 an hour to one address: the 4th request answers the same 200 and sends nothing", async () => {
    const user = await buildUser(t);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await lostPassword(user.email, freshAddress());
      answers.push({ status: response.statusCode, body: response.body });
      await counted(user.email, i + 1);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ status: 200, body: '{"success":true}' })]),
    );
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(3), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(user.email)).toHaveLength(3);
  });

  test("at most 20 an hour asked from one client address, whatever the addresses", async () => {
    const client = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      const email = uniqueEmail("spray");
      expect((await lostPassword(email, client)).json()).toEqual({ success: true });
      await counted(email, 1);
    }
    const user = await buildUser(t);
    const throttled = await lostPassword(user.email, client);
    expect(throttled.statusCode).toBe(200);
    expect(throttled.json()).toEqual({ success: true });
    // Refused by the client's limit, the request gives its count under the address back.
    await counted(user.email, 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(user.email)).toHaveLength(0);
    // From another client the same person still gets the link.
    await lostPassword(user.email, freshAddress());
    await smtp.waitForMessage(user.email);
  });

  test("a new link voids the earlier ones", async () => {
    const user = await buildUser(t);
    await lostPassword(user.email, freshAddress());
    const first = new URL((await smtp.waitForMessage(user.email)).links[0]!);
    await lostPassword(user.email, freshAddress());
    const second = new URL((await smtp.waitForMessage(user.email)).links[0]!);
    const live = await t.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    expect(live).toHaveLength(1);
    const change = (link: URL) =>
      request(t.app, {
        method: "POST",
        url: "/api/v1/auth/basic/change-password",
        json: {
          email: link.searchParams.get("email"),
          token: link.searchParams.get("token"),
          password: "violet sunset over the pier",
        },
      });
    const stale = await change(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect((await change(second)).statusCode).toBe(200);
  });

  test("a known, an unknown and a throttled address get the same answer, headers included", async () => {
    const user = await buildUser(t);
    const ghost = uniqueEmail("ghost");
    const client = freshAddress();
    const known = await lostPassword(user.email, client);
    const unknown = await lostPassword(ghost, client);
    await counted(user.email, 1);
    for (let i = 0; i < 3; i += 1) {
      await lostPassword(ghost, freshAddress());
      await counted(ghost, i + 2);
    }
    const throttled = await lostPassword(ghost, client);
    const shape = (response: Awaited<ReturnType<typeof lostPassword>>) => {
      const { date: _date, ...headers } = response.headers;
      return { status: response.statusCode, body: response.body, headers };
    };
    expect(shape(unknown)).toEqual(shape(known));
    expect(shape(throttled)).toEqual(shape(known));
  });
});
