import { createServer } from "node:http";

/**
 * What the fake services (google.mjs, todoist.mjs, asana.mjs, paymo.mjs, jira.mjs) share: an HTTP server on
 * 127.0.0.1 that reads each body whole and answers JSON, the log of the requests made to it (the Authorization
 * header redacted), the queue of failures asked for with `failNext`, and the control route's common verbs under
 * /__control/:
 *
 *   POST   /__control/reset       forget everything
 *   POST   /__control/fail-next   {count, ...the failure}
 *   GET    /__control/requests    the log; DELETE forgets it
 */

/** The request's body as text (empty when there is none). */
export const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A copy of the headers whose Authorization value is only its scheme and "[redacted]". */
export function redactedHeaders(headers) {
  const copy = { ...headers };
  if (copy.authorization) copy.authorization = `${copy.authorization.split(" ")[0]} [redacted]`;
  return copy;
}

/** A body as logged: JSON parsed (its text when it is not JSON), null when empty. */
export function jsonOrText(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A body as logged by its content type: JSON parsed, a form as an object, other text as it is; null when empty. */
export function bodyByContentType(text, contentType) {
  if (!text) return null;
  if (/json/i.test(contentType ?? "")) return jsonOrText(text);
  if (/x-www-form-urlencoded/i.test(contentType ?? "")) return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/**
 * The log of the requests made to a fake (the control ones left out), oldest first. `body` (a function of the
 * body's text and the request) gives each entry a `body`; without it the entries have none.
 */
export function requestLog({ body } = {}) {
  const entries = [];
  return {
    entries,
    /** Logs the request; its entry's `status` is the answer's once it is sent. */
    record(request, response, url, text) {
      const entry = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: redactedHeaders(request.headers),
        ...(body ? { body: body(text, request) } : {}),
        time: Date.now(),
        status: null,
      };
      entries.push(entry);
      response.on("finish", () => {
        entry.status = response.statusCode;
      });
      return entry;
    },
    clear() {
      entries.length = 0;
    },
  };
}

/**
 * The failures asked for with `failNext`: each serves `remaining` requests whose path contains its `path` and whose
 * method is its `method` (either only when given), the oldest first.
 */
export function failureQueue() {
  let failures = [];
  return {
    add(count, failure) {
      failures.push({ remaining: count, ...failure });
    },
    /** The failure the request meets, counted as served, or null. */
    take(method, path) {
      const failure = failures.find(
        (one) =>
          one.remaining > 0 &&
          (!one.path || path.includes(one.path)) &&
          (!one.method || String(one.method).toUpperCase() === method),
      );
      if (!failure) return null;
      failure.remaining -= 1;
      failures = failures.filter((one) => one.remaining > 0);
      return failure;
    },
    clear() {
      failures = [];
    },
  };
}

/** The Retry-After header a failure asks for, as headers to spread into an answer's. */
export const retryAfterHeader = (failure) =>
  failure.retryAfter === undefined ? {} : { "retry-after": String(failure.retryAfter) };

/**
 * Carries out a request that met `failure` (or none): the failure's delay and answer come before it, or with
 * `afterWrite` after it (a write whose answer was lost). Answers the request's own answer, or null when the failure
 * answered in its place (through `failWith`).
 */
export async function withFailure(failure, carryOut, failWith) {
  const failed = async () => {
    if (failure.delayMs) await sleep(failure.delayMs);
    if (!failure.status) return false;
    failWith(failure);
    return true;
  };
  if (failure && !failure.afterWrite && (await failed())) return null;
  const answer = await carryOut();
  if (failure?.afterWrite && (await failed())) return null;
  return answer;
}

const done = { success: true };

/**
 * The control route's handler: `(request, path, query, body) => [status, value]`, the body read as JSON. The common
 * verbs call `control`'s reset, failNext, requests and clearRequests; every other route is asked of `routes`
 * (`(route, input, query)`, the route as `METHOD /path`), whose undefined answer is a 404.
 */
export function controlHandler(control, routes) {
  return async (request, path, query, body) => {
    const input = body ? JSON.parse(body) : {};
    const route = `${request.method} ${path}`;
    switch (route) {
      case "POST /reset":
        control.reset();
        return [200, done];
      case "POST /fail-next":
        control.failNext(input.count ?? 1, input);
        return [200, done];
      case "GET /requests":
        return [200, control.requests];
      case "DELETE /requests":
        control.clearRequests();
        return [200, done];
      default: {
        const answer = await routes(route, input, query);
        return answer ?? [404, { error: "not found" }];
      }
    }
  };
}

/** The answer of a control verb that only acts. */
export const controlDone = () => [200, done];

/**
 * Starts a fake's HTTP server on 127.0.0.1 (`port` 0: a free one). Each request's body is read whole; a path under
 * /__control/ goes to `control` (`(request, path, query, body) => [status, value]`), every other to
 * `handle({request, response, url, path, body, send})`. `send(status, value, headers)` answers `value` as JSON
 * (with `contentType`), or an empty body when `value` is null, and nothing once the connection is gone. An error
 * thrown by either is a 400 with `errorBody(message)`.
 */
export async function startFakeServer({ port = 0, contentType = "application/json", control, handle, errorBody }) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const send = (status, value, headers = {}) => {
      if (response.destroyed) return;
      if (value === null) {
        response.writeHead(status, headers).end();
        return;
      }
      response.writeHead(status, { "content-type": contentType, ...headers });
      response.end(JSON.stringify(value));
    };
    try {
      const body = await readBody(request);
      if (path.startsWith("/__control/")) {
        const [status, value] = await control(request, path.slice("/__control".length), url.searchParams, body);
        send(status, value);
        return;
      }
      await handle({ request, response, url, path, body, send });
    } catch (error) {
      send(400, errorBody(String(error instanceof Error ? error.message : error)));
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      });
    },
  };
}

/** An HTML page answered: `redirect` sends the browser on (302), else `html` with `status` (200 unless told). */
export function sendPage(response, { status = 200, html, redirect }) {
  if (redirect) response.writeHead(302, { location: redirect }).end();
  else response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
}

/**
 * An OAuth fake's consent page, its form posted (`email`, `decision`): `decide(form, {email, allow})` answers the
 * error page or where the browser goes next.
 */
export function answerConsentForm(response, body, decide) {
  const form = new URLSearchParams(body);
  const decided = decide(form, { email: form.get("email"), allow: form.get("decision") === "allow" });
  if (decided.error) sendPage(response, decided.error);
  else sendPage(response, { redirect: decided.location });
}

/** What an OAuth fake's consent page does for an authorization URL when its button is pressed: the next address. */
export function consentLocation(decide, url, { email, allow = true } = {}) {
  const decided = decide(new URL(url).searchParams, { email, allow });
  if (decided.error) throw new Error(decided.error.text);
  return decided.location;
}

export const escapeHtml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

/**
 * The HTML pages of a fake service (its consent page, its error pages), each clearly marked as a fake, in the
 * service's colours: `page(title, body)`, and `errorPage(status, description)` ({status, text, html}).
 */
export function fakePages({ service, article = "a", color, background, border }) {
  const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:${color}}
.fake{background:${background};border:1px solid ${border};padding:.5rem .75rem;border-radius:4px}
code{word-break:break-all}li{margin:.25rem 0}button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}
label{display:block;margin:1rem 0 .25rem}input[type=email]{font-size:1rem;padding:.4rem;width:100%}</style>
</head><body><p class="fake">Fake ${service} for local tests: this is not ${article} ${service} page.</p>${body}</body></html>`;
  const errorPage = (status, description) => ({
    status,
    text: `Error ${status}: ${description}`,
    html: page(`Error ${status} (fake ${service})`, `<h1>Something went wrong</h1><p>${escapeHtml(description)}</p>`),
  });
  /**
   * The consent page: the application (`clientId`) `asks` for the account, the account's e-mail to fill in
   * (`email`), the `scopes` listed, and Allow / Deny posting the authorization's `params` back to `action`.
   */
  const consentPage = ({ title, heading, clientId, asks, action, params, email, scopes }) => {
    const hidden = [...params.entries()]
      .filter(([name]) => name !== "email" && name !== "decision")
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join("");
    return {
      status: 200,
      html: page(
        title,
        `<h1>${heading}</h1>
<p>The application <code id="client-id">${escapeHtml(clientId)}</code> ${asks}.</p>
<form method="post" action="${action}">${hidden}
<label for="email">Account</label><input type="email" id="email" name="email" value="${escapeHtml(email)}" required>
<p>It will be able to:</p><ul id="scopes">${scopes.map((scope) => `<li>${escapeHtml(scope)}</li>`).join("")}</ul>
<button type="submit" id="allow" name="decision" value="allow">Allow</button>
<button type="submit" id="deny" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
      ),
    };
  };
  return { page, errorPage, consentPage };
}
