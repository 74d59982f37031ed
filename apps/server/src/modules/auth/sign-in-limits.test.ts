import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, test } from "vitest";
import { rateLimitCounters } from "../../db/schema.js";
import { buildUser, uniqueEmail } from "../../test/factories.js";
import { request, type TestApp, useTestApp } from "../../test/test-app.js";
import { createLimitsService } from "../limits/limits.service.js";
import { clientRule } from "./sign-in-limits.js";

const t = useTestApp();

let addressCounter = 0;
/** A documentation address (RFC 5737) no other test of the file uses, so their counts never meet. */
const freshAddress = () => {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const signIn = (
  email: string,
  password: string,
  remoteAddress: string,
  options: { app?: FastifyInstance; headers?: Record<string, string> } = {},
) =>
  request(options.app ?? t.app, {
    method: "POST",
    url: "/api/v1/auth/basic",
    json: { email, password },
    remoteAddress,
    ...(options.headers ? { headers: options.headers } : {}),
  });

/** Moves every count of the limits two windows back, as if that much time had passed. */
async function age(db: TestApp["db"], scopeLike: string, seconds: number): Promise<void> {
  await db.execute(
    sql`update rate_limit_counters set window_start = window_start - make_interval(secs => ${seconds}) where scope like ${scopeLike}`,
  );
}

describe("sign-in limit per e-mail and address", () => {
  test("after five failures answers 429 with Retry-After and a clear message, even to the right password", async () => {
    const user = await buildUser(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await signIn(user.email, "wrong", address)).statusCode).toBe(401);
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: "TOO_MANY_REQUESTS" });
    expect(blocked.json().ErrorMessage).toMatch(/^Too many failed sign-ins\. Please try again in \d+ minutes$/);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    // The sliding window lets the attempts go over at most two windows.
    expect(retryAfter).toBeLessThanOrEqual(2 * 15 * 60);
  });

  test("counts each address apart, so other people are not locked out", async () => {
    const user = await buildUser(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await signIn(user.email, "wrong", address);
    expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(200);
  });

  test("counts an IPv6 client by its /64, so taking a new address from it for each attempt changes nothing", async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(user.email, "wrong", `2001:db8:7:${addressCounter}::${i + 1}`)).statusCode).toBe(401);
    }
    expect((await signIn(user.email, user.password, `2001:db8:7:${addressCounter}::ff`)).statusCode).toBe(429);
    expect((await signIn(user.email, user.password, `2001:db8:8:${addressCounter}::1`)).statusCode).toBe(200);
  });

  test("counts an unknown e-mail as a wrong password", async () => {
    const email = uniqueEmail("ghost");
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await signIn(email, "wrong", address)).statusCode).toBe(401);
    expect((await signIn(email, "wrong", address)).statusCode).toBe(429);
  });

  test("forgets failures once their window has gone by", async () => {
    const user = await buildUser(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await signIn(user.email, "wrong", address);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(429);
    await age(t.db, "sign-in:%", 2 * 15 * 60);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
  });

  test("a success clears the count", async () => {
    const user = await buildUser(t);
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) await signIn(user.email, "wrong", address);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, "wrong", address)).statusCode).toBe(401);
    expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
  });

  test("follows SIGN_IN_MAX_FAILURES", async () => {
    const strict = await t.buildAnotherApp({ SIGN_IN_MAX_FAILURES: "2" });
    const user = await buildUser(t);
    const address = freshAddress();
    expect((await signIn(user.email, "wrong", address, { app: strict.app })).statusCode).toBe(401);
    expect((await signIn(user.email, "wrong", address, { app: strict.app })).statusCode).toBe(401);
    expect((await signIn(user.email, user.password, address, { app: strict.app })).statusCode).toBe(429);
  });
});

describe("sign-in limit per account across addresses", { timeout: 60_000 }, () => {
  test("after 50 failures in an hour from many addresses the account answers 429, the right password too", async () => {
    const user = await buildUser(t);
    // Two failures per address: far under the limit per address, so only the account's limit can stop them.
    for (let i = 0; i < 25; i += 1) {
      const address = freshAddress();
      expect((await signIn(user.email, "wrong", address)).statusCode).toBe(401);
      expect((await signIn(user.email, "wrong", address)).statusCode).toBe(401);
    }
    const blocked = await signIn(user.email, user.password, freshAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().ErrorMessage).toMatch(/^Too many failed sign-ins to this account\. Please try again in /);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Another account from the same addresses is not touched.
    const other = await buildUser(t);
    expect((await signIn(other.email, other.password, freshAddress())).statusCode).toBe(200);
  });

  test("the owner's sign-in takes back only its own attempt, so it buys no more guesses", async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 49; i += 1) await signIn(user.email, "wrong", freshAddress());
    expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(200);
    // Had the success cleared the account's count, 50 more guesses would pass; one does.
    expect((await signIn(user.email, "wrong", freshAddress())).statusCode).toBe(401);
    expect((await signIn(user.email, "wrong", freshAddress())).statusCode).toBe(429);
  });
});

describe("sign-in limit per address across accounts", () => {
  test("after 100 failures in 15 minutes from one address, it answers 429 for any account", async () => {
    const address = freshAddress();
    // Twenty failures end to end, each on another unknown account; the other 80 are counted straight into the same
    // limit, which is what a sign-in does (each failure costs a password hash, too slow to send 100 here).
    for (let i = 0; i < 20; i += 1) {
      expect((await signIn(uniqueEmail("spray"), "wrong", address)).statusCode).toBe(401);
    }
    const limits = createLimitsService(t.db);
    for (let i = 0; i < 79; i += 1) expect((await limits.hit(clientRule, address)).allowed).toBe(true);
    expect((await signIn(uniqueEmail("spray"), "wrong", address)).statusCode).toBe(401);
    const user = await buildUser(t);
    const blocked = await signIn(user.email, user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().ErrorMessage).toMatch(/^Too many failed sign-ins from this network\. Please try again in /);
    expect((await signIn(user.email, user.password, freshAddress())).statusCode).toBe(200);
  });

  test("successful sign-ins do not use up the address's allowance: each takes its attempt back", async () => {
    const address = freshAddress();
    const user = await buildUser(t);
    const clientCount = async () => {
      const [row] = await t.db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.scope, "sign-in:client"), eq(rateLimitCounters.subject, address)));
      return row?.count;
    };
    for (let i = 0; i < 3; i += 1) expect((await signIn(user.email, user.password, address)).statusCode).toBe(200);
    expect(await clientCount()).toBe(0);
    expect((await signIn(user.email, "wrong", address)).statusCode).toBe(401);
    expect(await clientCount()).toBe(1);
  });
});

describe("bursts", () => {
  /** 100 wrong passwords at once, the right one in the middle; each app takes its share in turn. */
  async function burst(apps: FastifyInstance[]) {
    const user = await buildUser(t);
    const address = freshAddress();
    const passwords = Array.from({ length: 101 }, (_, i) => (i === 50 ? user.password : `wrong ${i}`));
    const responses = await Promise.all(
      passwords.map((password, i) => signIn(user.email, password, address, { app: apps[i % apps.length] })),
    );
    const statuses = responses.map((response) => response.statusCode);
    return { statuses, right: statuses[50] };
  }

  test.each([
    ["one instance", 1],
    ["two instances on one database", 2],
  ])(
    "100 wrong passwords at once to %s: at most five are checked, the rest and the right one are 429",
    async (_label, count) => {
      const apps = count === 1 ? [t.app] : [t.app, (await t.buildAnotherApp({})).app];
      const { statuses, right } = await burst(apps);
      // A 401 is a password that was checked; a 429 one that never was.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(101);
      expect(right).toBe(429);
    },
  );
});

describe("the client address behind proxies (TRUST_PROXY)", () => {
  const rotate = (i: number) => ({ "x-forwarded-for": `192.0.2.${i + 1}` });

  test("without trusted proxies a new X-Forwarded-For each time changes nothing: the limit holds", async () => {
    const user = await buildUser(t);
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await signIn(user.email, "wrong", address, { headers: rotate(i) });
    const blocked = await signIn(user.email, user.password, address, { headers: rotate(99) });
    expect(blocked.statusCode).toBe(429);
  });

  test("with a hop count the client is the address the proxy added, whatever the client wrote before it", async () => {
    const behindOne = await t.buildAnotherApp({ TRUST_PROXY: "1" });
    const user = await buildUser(t);
    const proxy = "10.0.0.5";
    const client = freshAddress();
    // The client forges a new first entry each time; the proxy appends the address it saw.
    for (let i = 0; i < 5; i += 1) {
      const headers = { "x-forwarded-for": `192.0.2.${i + 1}, ${client}` };
      expect((await signIn(user.email, "wrong", proxy, { app: behindOne.app, headers })).statusCode).toBe(401);
    }
    const headers = { "x-forwarded-for": `192.0.2.99, ${client}` };
    expect((await signIn(user.email, user.password, proxy, { app: behindOne.app, headers })).statusCode).toBe(429);
    // Another client behind the same proxy is someone else.
    const other = { "x-forwarded-for": freshAddress() };
    expect((await signIn(user.email, user.password, proxy, { app: behindOne.app, headers: other })).statusCode).toBe(
      200,
    );
    expect(behindOne.logs.some((line) => (line.req as { remoteAddress?: string })?.remoteAddress === client)).toBe(
      true,
    );
  });

  test("with a list of trusted proxies the client is the last address that is not one of them", async () => {
    const behindList = await t.buildAnotherApp({ TRUST_PROXY: "10.0.0.0/8, 172.16.0.1" });
    const user = await buildUser(t);
    const client = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      const headers = { "x-forwarded-for": `192.0.2.${i + 1}, ${client}, 172.16.0.1` };
      expect((await signIn(user.email, "wrong", "10.1.2.3", { app: behindList.app, headers })).statusCode).toBe(401);
    }
    const headers = { "x-forwarded-for": `203.0.113.77, ${client}, 172.16.0.1` };
    expect((await signIn(user.email, user.password, "10.1.2.3", { app: behindList.app, headers })).statusCode).toBe(
      429,
    );
    // A client that connects directly is not a trusted proxy: what it writes in the header is ignored.
    const direct = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      await signIn(user.email, "wrong", direct, { app: behindList.app, headers: rotate(i) });
    }
    expect(
      (await signIn(user.email, user.password, direct, { app: behindList.app, headers: rotate(7) })).statusCode,
    ).toBe(429);
  });
});
