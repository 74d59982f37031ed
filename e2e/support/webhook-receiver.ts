import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The ports a journey's webhook receiver listens on, all allowed by the server of the browser journeys
 * (`WEBHOOK_ALLOWED_PORTS` in global-setup.ts): a webhook's url may name only an allowed port.
 */
export const webhookReceiverPorts = Array.from({ length: 100 }, (_, index) => 39100 + index);

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** Where to point a webhook: `http://127.0.0.1:<port>/hooks`. */
  url: string;
  /** An address of the same receiver that answers 500, for a webhook whose deliveries fail. */
  failingUrl: string;
  received: ReceivedWebhook[];
  close: () => Promise<void>;
}

/**
 * A local receiver of webhook deliveries on 127.0.0.1 (the journeys' server allows loopback and http): it records each
 * request and answers 200 with a short JSON (500 at `/failing`), which the delivery log shows as the answer's first bytes.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      response.setHeader("content-type", "application/json");
      if (request.url === "/failing") {
        response.statusCode = 500;
        response.end(JSON.stringify({ error: "The database is not reachable, try again later" }));
      } else {
        response.end(JSON.stringify({ received: true }));
      }
    });
  });
  // Two journeys may run at once (English and Italian): each takes the first free port of the range at random.
  const ports = [...webhookReceiverPorts].sort(() => Math.random() - 0.5);
  for (const port of ports) {
    if (await listen(server, port)) {
      const { port: bound } = server.address() as AddressInfo;
      return {
        url: `http://127.0.0.1:${bound}/hooks`,
        failingUrl: `http://127.0.0.1:${bound}/failing`,
        received,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
    }
  }
  throw new Error(`no free port for the webhook receiver in ${webhookReceiverPorts[0]}-${webhookReceiverPorts.at(-1)}`);
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    server.once("error", onError);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", onError);
      resolve(true);
    });
  });
}

/**
 * Whether a delivery is signed with `secret` as the secret dialog tells a receiver to check it (written from those
 * words, not from the server's code): `sha256=` and the hex HMAC-SHA256 of `timestamp + "." + body`, the timestamp
 * within `toleranceSeconds` of now.
 */
export function verifyWebhookSignature(delivery: ReceivedWebhook, secret: string, toleranceSeconds = 300): boolean {
  const timestamp = String(delivery.headers["x-timetrap-timestamp"] ?? "");
  const signature = String(delivery.headers["x-timetrap-signature"] ?? "");
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${delivery.body}`).digest("hex")}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}
