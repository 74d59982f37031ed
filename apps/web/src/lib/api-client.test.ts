import { userSchema } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildUser } from "../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../testing/fetch-stub";
import { ApiError, api } from "./api-client";
import { writeSession } from "./session-store";

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("api client", () => {
  it("sends the session's token as a Bearer header and JSON bodies", async () => {
    writeSession({ token: "tok-123" });
    const fetch = stubFetch({ "POST /api/v1/things": () => jsonResponse({ ok: true }) });
    await api.post("/things", { body: { a: 1 } });
    const [request] = fetch.requests;
    expect(request?.headers.get("Authorization")).toBe("Bearer tok-123");
    expect(request?.headers.get("Content-Type")).toBe("application/json");
    expect(request?.body).toEqual({ a: 1 });
  });

  it("sends an Idempotency-Key header when the call names one, and none otherwise", async () => {
    const fetch = stubFetch({ "POST /api/v1/things": () => jsonResponse({ ok: true }, 201) });
    await api.post("/things", { body: { a: 1 }, idempotencyKey: "0c9a3f56-43a1-4f39-9d43-1d8c2b7e6a10" });
    await api.post("/things", { body: { a: 1 } });
    expect(fetch.requests.map((request) => request.headers.get("Idempotency-Key"))).toEqual([
      "0c9a3f56-43a1-4f39-9d43-1d8c2b7e6a10",
      null,
    ]);
  });

  it("sends no Authorization header without a session", async () => {
    const fetch = stubFetch({ "GET /api/v1/config": () => jsonResponse({}) });
    await api.get("/config");
    expect(fetch.requests[0]?.headers.has("Authorization")).toBe(false);
  });

  it("puts query values in the URL and leaves out empty ones", async () => {
    const fetch = stubFetch({ "GET /api/v1/auth/basic/lost-password": () => jsonResponse({ success: true }) });
    await api.get("/auth/basic/lost-password", { query: { email: "a+b@x.it", skip: undefined } });
    expect(fetch.requests[0]?.url.search).toBe("?email=a%2Bb%40x.it");
  });

  it("turns the server's error body into an ApiError with status, status text, code, message and details", async () => {
    stubFetch({
      "POST /api/v1/auth/basic/signup": () =>
        jsonResponse(
          {
            statusCode: 400,
            error: "Bad Request",
            code: "VALIDATION_FAILED",
            ErrorMessage: "Password must be at least 8 characters",
            details: [{ field: "body.password", message: "Password must be at least 8 characters" }],
          },
          400,
          "Bad Request",
        ),
    });
    const error = await caught(api.post("/auth/basic/signup", { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.toJSON()).toEqual({
      status: 400,
      statusText: "Bad Request",
      code: "VALIDATION_FAILED",
      ErrorMessage: "Password must be at least 8 characters",
      details: [{ field: "body.password", message: "Password must be at least 8 characters" }],
    });
    expect(error.message).toBe("Password must be at least 8 characters");
  });

  it("keeps the status of an error whose body is not the API's shape", async () => {
    stubFetch({
      "GET /api/v1/changelog": () => new Response("<html>gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    });
    const error = await caught(api.getText("/changelog"));
    expect(error).toMatchObject({
      status: 502,
      statusText: "Bad Gateway",
      code: "HTTP_ERROR",
      ErrorMessage: "Bad Gateway",
    });
  });

  it("maps a 429 with the server's retry message", async () => {
    stubFetch({
      "POST /api/v1/auth/basic": () =>
        errorResponse(429, "TOO_MANY_REQUESTS", "Too many attempts, retry in 15 minutes", "Too Many Requests"),
    });
    const error = await caught(api.post("/auth/basic", { body: {} }));
    expect(error).toMatchObject({
      status: 429,
      code: "TOO_MANY_REQUESTS",
      ErrorMessage: "Too many attempts, retry in 15 minutes",
    });
  });

  it("reports a network failure as an ApiError with status 0", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await caught(api.get("/auth/me"));
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR", ErrorMessage: "Failed to fetch" });
  });

  it("checks answers against the domain schema and reports a mismatch", async () => {
    stubFetch({ "GET /api/v1/auth/me": () => jsonResponse({ uid: 1 }) });
    const error = await caught(api.get("/auth/me", { schema: userSchema }));
    expect(error.code).toBe("INVALID_RESPONSE");
    expect(error.details.length).toBeGreaterThan(0);
  });

  it("returns the parsed answer when it matches", async () => {
    const user = buildUser();
    stubFetch({ "GET /api/v1/auth/me": () => jsonResponse(user) });
    await expect(api.get("/auth/me", { schema: userSchema })).resolves.toEqual(user);
  });
});
