import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { jobs } from "../db/schema.js";
import { buildUser } from "../test/factories.js";
import { request, useTestApp } from "../test/test-app.js";

/**
 * E-mails go through the job queue (decision 030): queued sealed, delivered by the worker, retried while the mail
 * server is down. This file's app has no SMTP_URL, so its queue writes each e-mail to the log; its worker is off, and
 * each test runs the due jobs itself.
 */
const t = useTestApp({ JOBS_WORKER: "off" });

const lostPassword = (email: string) =>
  request(t.app, { method: "GET", url: `/api/v1/auth/basic/lost-password?email=${encodeURIComponent(email)}` });

async function until<T>(find: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("not found in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("e-mails on the job queue", () => {
  test("without SMTP_URL the worker writes the e-mail, link included, to the log", async () => {
    const user = await buildUser(t);
    expect((await lostPassword(user.email)).statusCode).toBe(200);
    // The request answers before it looks the address up: the job comes a moment later.
    await until(async () => ((await t.app.jobs.runDue()) > 0 ? true : undefined));
    const mail = await until(() =>
      t.logs.map((line) => line.mail as { to: string; text: string } | undefined).find((m) => m?.to === user.email),
    );
    expect(mail.text).toContain(`http://timetrap.test/change-password?email=${encodeURIComponent(user.email)}&token=`);
  });

  test("a queued e-mail is sealed: the jobs table holds neither its address nor its link", async () => {
    const user = await buildUser(t);
    expect((await lostPassword(user.email)).statusCode).toBe(200);
    const rows = await until(async () => {
      const found = await t.db.select().from(jobs).where(eq(jobs.state, "pending"));
      return found.length > 0 ? found : undefined;
    });
    const text = JSON.stringify(rows);
    expect(text).toContain('"sealed":"v1.');
    expect(text).not.toContain(user.email);
    expect(text).not.toContain("change-password");
    await t.app.jobs.runDue();
  });

  test("while the mail server refuses connections, the e-mail stays queued for another attempt", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const down = await t.buildAnotherApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, JOBS_WORKER: "off" });
    const user = await buildUser(t);
    const response = await request(down.app, {
      method: "GET",
      url: `/api/v1/auth/basic/lost-password?email=${encodeURIComponent(user.email)}`,
    });
    expect(response.statusCode).toBe(200);
    const job = await until(async () => {
      const [found] = await t.db.select().from(jobs).where(eq(jobs.state, "pending"));
      return found;
    });
    expect(await down.app.jobs.runDue()).toBe(1);
    const [after] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(after).toMatchObject({ state: "pending", attempts: 1, maxAttempts: 8 });
    expect(after!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(after!.runAt.getTime()).toBeGreaterThan(Date.now() + 4_000);
  });
});
