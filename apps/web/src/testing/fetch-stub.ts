import { vi } from "vitest";

export interface StubRequest {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

export type StubHandler = (request: StubRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200, statusText = "OK"): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });
}

export function errorResponse(status: number, code: string, ErrorMessage: string, statusText = "Error"): Response {
  return jsonResponse({ statusCode: status, error: statusText, code, ErrorMessage }, status, statusText);
}

/**
 * Replaces `fetch` for one test: each route is "METHOD /path" (path without the query). Unknown
 * routes answer the API's JSON 404. Every request is recorded.
 */
export function stubFetch(routes: Record<string, StubHandler>) {
  const requests: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const request: StubRequest = { method, path: url.pathname, url, body, headers: new Headers(init?.headers) };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return errorResponse(404, "NOT_FOUND", `No route ${method} ${url.pathname}`, "Not Found");
    return handler(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    requests,
    fetchMock,
    requestsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}
