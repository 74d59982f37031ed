import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type FakeGoogle, startFakeGoogle } from "@timetrap/fakes";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  ConnectorError,
  type ConnectorErrorKind,
  createConnectorClient,
  redactSecrets,
  retryAfterMs,
} from "./http-client.js";

let google: FakeGoogle;
let accessToken: string;

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(() => google.close());
beforeEach(() => {
  google.reset();
  accessToken = google.issueTokens("person@example.com").access_token;
});

/** The fake's Calendar API through the client, with a short backoff so that retries take milliseconds. */
const calendarClient = (options: Partial<Parameters<typeof createConnectorClient>[0]> = {}) =>
  createConnectorClient({
    service: "Google Calendar API",
    baseUrl: google.calendarApiUrl,
    timeoutMs: 2000,
    backoffBaseMs: 10,
    ...options,
  });

const listCalendars = (client = calendarClient(), token = accessToken) =>
  client.request<{ items: Array<{ id: string }> }>({
    method: "GET",
    path: "/users/me/calendarList",
    headers: { authorization: `Bearer ${token}` },
  });

async function failureOf(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

/** A server of the test's own, for answers the fake never gives (a page instead of JSON, an echo of the request). */
async function withServer(
  handler: (request: IncomingMessage, body: string, response: ServerResponse) => void,
  run: (url: string) => Promise<void>,
) {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => handler(request, Buffer.concat(chunks).toString("utf8"), response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  try {
    await run(`http://127.0.0.1:${port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("redactSecrets", () => {
  test("takes out bearer and basic values, secret-named fields and Google's token shapes", () => {
    const text = [
      "Authorization: Bearer ya29.a0AfB_byC-secret",
      "Basic dXNlcjpwYXNz",
      '{"access_token":"abc123","refresh_token":"1//0gLongRefresh","client_secret":"s3cret","code":"4/0Ab","name":"kept"}',
      "grant_type=authorization_code&code=4/0AbCd&client_secret=s3cret&redirect_uri=https://x",
      "a stray ya29.other-token and 1//refresh-token",
    ].join("\n");
    const clean = redactSecrets(text);
    for (const secret of ["ya29.a0AfB_byC-secret", "dXNlcjpwYXNz", "abc123", "1//0gLongRefresh", "s3cret", "4/0Ab"]) {
      expect(clean).not.toContain(secret);
    }
    expect(clean).not.toContain("ya29.other-token");
    expect(clean).not.toContain("1//refresh-token");
    expect(clean).toContain('"name":"kept"');
    expect(clean).toContain("grant_type=authorization_code");
    expect(clean).toContain("redirect_uri=https://x");
  });
});

describe("retryAfterMs", () => {
  test("reads seconds and an HTTP date, and nothing else", () => {
    const now = Date.parse("2026-03-10T09:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Tue, 10 Mar 2026 09:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Tue, 10 Mar 2026 08:00:00 GMT", now)).toBe(0);
    expect(retryAfterMs("soon", now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe("createConnectorClient against the fake Google", () => {
  test("sends the query (arrays repeated, undefined left out) and reads the JSON answer", async () => {
    const client = calendarClient();
    const answer = await client.request<{ items: unknown[] }>({
      method: "GET",
      path: "/users/me/calendarList",
      query: { maxResults: 10, pageToken: undefined, minAccessRole: ["reader"], showHidden: false },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(answer.items).toHaveLength(1);
    const [logged] = google.requests;
    expect(logged?.query).toEqual({ maxResults: "10", minAccessRole: "reader", showHidden: "false" });
    expect(logged?.headers.accept).toBe("application/json");
  });

  test("a 500 is retried, and the answer after it is returned", async () => {
    google.failNext(1, { status: 500 });
    const retries: number[] = [];
    const answer = await listCalendars(calendarClient({ onRetry: (retry) => retries.push(retry.status ?? 0) }));
    expect(answer.items.map((item) => item.id)).toEqual(["person@example.com"]);
    expect(google.requests.map((logged) => logged.status)).toEqual([500, 200]);
    expect(retries).toEqual([500]);
  });

  test("a 429 waits for its Retry-After before the next attempt", async () => {
    google.failNext(1, { status: 429, retryAfter: 1 });
    const started = Date.now();
    await listCalendars();
    const [first, second] = google.requests;
    expect(google.requests).toHaveLength(2);
    expect(second!.time - first!.time).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test("a Retry-After longer than the longest wait is not waited for: the failure is answered at once", async () => {
    google.failNext(1, { status: 503, retryAfter: 60 });
    const started = Date.now();
    const error = await failureOf(listCalendars(calendarClient({ maxRetryAfterMs: 5000 })));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: "upstream", status: 503 });
    expect(google.requests).toHaveLength(1);
  });

  test("429 through every retry is rate_limited, after the first attempt and three more", async () => {
    google.failNext(10, { status: 429 });
    const error = await failureOf(listCalendars());
    expect(error).toMatchObject({
      kind: "rate_limited",
      status: 429,
      service: "Google Calendar API",
      message: "Google Calendar API: Rate Limit Exceeded",
    });
    expect(google.requests).toHaveLength(4);
  });

  test("a wait the service puts in its error body (retryAfterOf) is honoured when there is no Retry-After header", async () => {
    const times: number[] = [];
    const waits: number[] = [];
    await withServer(
      (request, _body, response) => {
        times.push(Date.now());
        if (times.length === 1) {
          response.writeHead(429, { "content-type": "application/json" });
          response.end(JSON.stringify({ error: "Too many requests", error_extra: { retry_after: 1 } }));
        } else if (request.url === "/later" && times.length === 3) {
          // A header and a body that disagree: the header wins.
          response.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
          response.end(JSON.stringify({ error: "Too many requests", error_extra: { retry_after: 30 } }));
        } else {
          response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
        }
      },
      async (url) => {
        const client = createConnectorClient({
          service: "Todoist API",
          baseUrl: url,
          timeoutMs: 2000,
          backoffBaseMs: 5000,
          retryAfterOf: (_status, body) => {
            const seconds = (body as { error_extra?: { retry_after?: unknown } }).error_extra?.retry_after;
            return typeof seconds === "number" ? seconds * 1000 : null;
          },
          onRetry: (retry) => waits.push(retry.delayMs),
        });
        await expect(client.request({ method: "GET", path: "/now" })).resolves.toEqual({ ok: true });
        await expect(client.request({ method: "GET", path: "/later" })).resolves.toEqual({ ok: true });
      },
    );
    expect(waits).toEqual([1000, 0]);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  test("a body's wait longer than the longest wait is not waited for", async () => {
    await withServer(
      (_request, _body, response) => {
        response.writeHead(429, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "Too many requests", error_extra: { retry_after: 60 } }));
      },
      async (url) => {
        const client = createConnectorClient({
          service: "Todoist API",
          baseUrl: url,
          timeoutMs: 2000,
          maxRetryAfterMs: 5000,
          retryAfterOf: () => 60_000,
        });
        const started = Date.now();
        const error = await failureOf(client.request({ method: "GET", path: "/" }));
        expect(Date.now() - started).toBeLessThan(1000);
        expect(error).toMatchObject({ kind: "rate_limited", status: 429, message: "Todoist API: Too many requests" });
      },
    );
  });

  test("retries as many times as told", async () => {
    google.failNext(10, { status: 502 });
    await failureOf(listCalendars(calendarClient({ retries: 1 })));
    expect(google.requests).toHaveLength(2);
  });

  test.each<[number, string | undefined, ConnectorErrorKind]>([
    [400, undefined, "client"],
    [401, undefined, "unauthorized"],
    [403, "forbidden", "forbidden"],
    [404, undefined, "not_found"],
    [410, undefined, "not_found"],
    [409, undefined, "client"],
  ])("%i (reason %s) is never retried and is %s", async (status, reason, kind) => {
    google.failNext(1, { status, ...(reason ? { reason } : {}) });
    const error = await failureOf(listCalendars());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(google.requests).toHaveLength(1);
  });

  test("a service's own rate limit (isRateLimited) is retried and then rate_limited", async () => {
    google.failNext(10, { status: 403, reason: "userRateLimitExceeded" });
    const client = calendarClient({
      readError: (_status, body) => {
        const error = (body as { error: { errors: Array<{ reason: string }>; message: string } }).error;
        return { reason: error.errors[0]?.reason ?? null, message: error.message };
      },
      isRateLimited: (status, reason) => status === 403 && reason === "userRateLimitExceeded",
    });
    const error = await failureOf(listCalendars(client));
    expect(error).toMatchObject({ kind: "rate_limited", status: 403, reason: "userRateLimitExceeded" });
    expect(google.requests).toHaveLength(4);
  });

  test("no answer within the timeout is a timeout, not retried", async () => {
    google.failNext(1, { delayMs: 1500 });
    const started = Date.now();
    const error = await failureOf(listCalendars(calendarClient({ timeoutMs: 300 })));
    expect(Date.now() - started).toBeLessThan(1200);
    expect(error).toMatchObject({
      kind: "timeout",
      status: null,
      message: "Google Calendar API: no answer within 300 ms",
    });
    expect(google.requests).toHaveLength(1);
  });

  test("a service that cannot be reached is retried, then upstream with the network's code", async () => {
    let port = 0;
    await withServer(
      () => undefined,
      async (url) => {
        port = Number(new URL(url).port);
      },
    );
    const retries: number[] = [];
    const client = createConnectorClient({
      service: "Google Calendar API",
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
      backoffBaseMs: 5,
      onRetry: (retry) => retries.push(retry.attempt),
    });
    const error = await failureOf(client.request({ method: "GET", path: "/x" }));
    expect(error).toMatchObject({ kind: "upstream", status: null, reason: "ECONNREFUSED" });
    expect(error.message).toBe("Google Calendar API: could not be reached (ECONNREFUSED)");
    expect(retries).toEqual([1, 2, 3]);
  });

  test("an answer that is not JSON is upstream, even with a 200", async () => {
    await withServer(
      (_request, _body, response) => {
        response.writeHead(200, { "content-type": "text/html" }).end("<html>a proxy's page</html>");
      },
      async (url) => {
        const client = createConnectorClient({ service: "Service", baseUrl: url, timeoutMs: 1000 });
        const error = await failureOf(client.request({ method: "GET", path: "/" }));
        expect(error).toMatchObject({
          kind: "upstream",
          status: 200,
          message: "Service: an unreadable answer (HTTP 200)",
        });
      },
    );
  });

  test("a 204 and `expect: empty` answer undefined", async () => {
    await withServer(
      (request, _body, response) => {
        if (request.url === "/none") response.writeHead(204).end();
        else response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      },
      async (url) => {
        const client = createConnectorClient({ service: "Service", baseUrl: url, timeoutMs: 1000 });
        await expect(client.request({ method: "DELETE", path: "/none" })).resolves.toBeUndefined();
        await expect(client.request({ method: "POST", path: "/ok", expect: "empty" })).resolves.toBeUndefined();
      },
    );
  });

  test("sends a form and a JSON body with their content types", async () => {
    const seen: Array<{ type: string | undefined; body: string }> = [];
    await withServer(
      (request, body, response) => {
        seen.push({ type: request.headers["content-type"], body });
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      },
      async (url) => {
        const client = createConnectorClient({ service: "Service", baseUrl: url, timeoutMs: 1000 });
        await client.request({ method: "POST", path: "/form", form: { grant_type: "refresh_token", a: "b c" } });
        await client.request({ method: "PATCH", path: "/json", json: { summary: "Riunione" } });
      },
    );
    expect(seen).toEqual([
      { type: "application/x-www-form-urlencoded", body: "grant_type=refresh_token&a=b+c" },
      { type: "application/json", body: '{"summary":"Riunione"}' },
    ]);
  });

  test("an error message never carries the request's token, code or client secret, even when the service echoes them", async () => {
    const token = "opaque-access-token-0123456789";
    await withServer(
      (request, body, response) => {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: `refused ${request.headers.authorization} with ${body} (${token})` }));
      },
      async (url) => {
        const client = createConnectorClient({ service: "Service", baseUrl: url, timeoutMs: 1000 });
        const error = await failureOf(
          client.request({
            method: "POST",
            path: "/token",
            headers: { authorization: `Bearer ${token}` },
            form: {
              code: "4/0Ab-code",
              client_secret: "very-secret",
              refresh_token: "refresh-value",
              password: "pw-123",
            },
          }),
        );
        expect(error.kind).toBe("client");
        expect(error.message).toMatch(
          /^Service: refused \[redacted\] with code=\[redacted\]&client_secret=\[redacted\]/,
        );
        for (const secret of [token, "4/0Ab-code", "very-secret", "refresh-value", "pw-123"]) {
          expect(error.message).not.toContain(secret);
          expect(error.serviceMessage).not.toContain(secret);
          expect(JSON.stringify(error)).not.toContain(secret);
        }
      },
    );
  });

  test("the fake's log keeps the Authorization scheme but not its value", async () => {
    await listCalendars();
    expect(google.requests[0]?.headers.authorization).toBe("Bearer [redacted]");
    expect(JSON.stringify(google.requests)).not.toContain(accessToken);
  });
});
