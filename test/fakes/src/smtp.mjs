import { SMTPServer } from "smtp-server";
import { parseMessage } from "./mime.mjs";

/**
 * A local SMTP server that accepts every message (no TLS, no auth) and keeps it, parsed, so a test can
 * read the link in a password-reset e-mail.
 */
export async function startSmtpServer({ port = 0 } = {}) {
  const messages = [];
  const waiters = [];

  function takeFor(to) {
    const address = to.toLowerCase();
    const message = messages.find((m) => !m.taken && m.to.includes(address));
    if (message) message.taken = true;
    return message;
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
          links: parsed.text.match(/https?:\/\/\S+/g) ?? [],
          raw,
          receivedAt: Date.now(),
          taken: false,
        });
        for (const waiter of [...waiters]) {
          const message = takeFor(waiter.to);
          if (message) {
            waiters.splice(waiters.indexOf(waiter), 1);
            clearTimeout(waiter.timer);
            waiter.resolve(message);
          }
        }
        callback();
      });
    },
  });
  const listening = server.listen(port, "127.0.0.1");
  await new Promise((resolve, reject) => {
    listening.once("listening", resolve);
    listening.once("error", reject);
  });
  const address = listening.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    messages,
    /** The oldest message to `to` not returned before; waits for one up to `timeoutMs`. */
    waitForMessage(to, { timeoutMs = 5000 } = {}) {
      const ready = takeFor(to);
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const waiter = { to, resolve, timer: undefined };
        waiter.timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
