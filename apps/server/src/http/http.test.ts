import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { buildApp } from "../app.js";
import { buildOrganization } from "../test/factories.js";
import { request, snapshot, useTestApp } from "../test/test-app.js";

const t = useTestApp();

describe("error answers", () => {
  test("malformed JSON is a 400 with the error body and writes nothing", async () => {
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/signup",
      headers: { "content-type": "application/json" },
      payload: '{"email": "ann@example.com", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      code: "BAD_REQUEST",
      ErrorMessage: "The request body is not valid JSON",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("an empty JSON body is a 400", async () => {
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  test("a body that is not JSON is refused with 415", async () => {
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic",
      headers: { "content-type": "text/plain" },
      payload: "email=ann@example.com",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
  });

  test("a body over the configured limit is refused with 413 and writes nothing", async () => {
    const small = await t.buildAnotherApp({ BODY_LIMIT_BYTES: "1024" });
    const before = await snapshot(t.db);
    const response = await request(small.app, {
      method: "POST",
      url: "/api/v1/auth/basic/signup",
      json: { email: "big@example.com", password: "x".repeat(200), nominative: "n".repeat(2000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusCode: 413,
      code: "PAYLOAD_TOO_LARGE",
      ErrorMessage: "The request body is larger than 1024 bytes",
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("bad fields are a 400 naming each field", async () => {
    const response = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/signup",
      json: { email: "not-an-email", password: 12345678 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      "body.email",
      "body.nominative",
      "body.password",
    ]);
    expect(body.ErrorMessage).toContain("body.email: Invalid email address");
  });

  test("a NUL character anywhere in a body is a 400 naming the field, and writes nothing", async () => {
    const signup = await request(t.app, {
      method: "POST",
      url: "/api/v1/auth/basic/signup",
      json: { email: "nul@example.com", password: "correct horse battery", nominative: "Ada" },
    });
    const { token, user } = signup.json();
    const before = await snapshot(t.db);
    const response = await request(t.app, {
      method: "PATCH",
      url: `/api/v1/user/${user.uid}`,
      token,
      json: { preferences: { gcalendars: ["ok", "bad\u0000id"] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: "body.preferences.gcalendars.1", message: "Text cannot contain the NUL character" }],
    });
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("an unknown API path is a JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await request(t.app, { method, url: "/api/v1/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
      expect(response.json()).toEqual({
        statusCode: 404,
        error: "Not Found",
        code: "NOT_FOUND",
        ErrorMessage: `No route for ${method} /api/v1/no-such-thing`,
      });
    }
  });

  test("a server error answers a generic 500 and logs the details it hides", async () => {
    const logs: Array<Record<string, unknown>> = [];
    const app = await buildApp(t.config, {
      database: t.database,
      logStream: { write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>) },
    });
    app.get("/api/v1/explode", async () => {
      throw new Error("connection to 10.0.0.7 failed: password=hunter2");
    });
    try {
      const response = await request(app, { method: "GET", url: "/api/v1/explode" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        statusCode: 500,
        error: "Internal Server Error",
        code: "INTERNAL",
        ErrorMessage: "Something went wrong. Please try again",
      });
      expect(response.body).not.toContain("hunter2");
      expect(JSON.stringify(logs)).toContain("hunter2");
    } finally {
      await app.close();
    }
  });
});

describe("request logs", () => {
  test("never hold the token of a reset link", async () => {
    await request(t.app, { method: "GET", url: "/change-password?email=a%40example.com&token=s3cr3t-t0ken&x=1" });
    const logged = JSON.stringify(t.logs);
    expect(logged).toContain("/change-password?email=a%40example.com&token=[redacted]&x=1");
    expect(logged).not.toContain("s3cr3t-t0ken");
  });

  test("never hold the bearer token", async () => {
    await request(t.app, { method: "GET", url: "/api/v1/auth/me", token: "bearer-secret-value" });
    expect(JSON.stringify(t.logs)).not.toContain("bearer-secret-value");
  });
});

describe("security headers", () => {
  test("every answer carries a content security policy that lets the SPA run", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/v1/config" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  test("the chat and tag-manager origins are allowed only when configured", async () => {
    expect(
      String((await request(t.app, { method: "GET", url: "/" })).headers["content-security-policy"]),
    ).not.toContain("chat.example.com");
    const other = await t.buildAnotherApp({
      CHAT_SCRIPT_URL: "https://chat.example.com/widget.js",
      TAG_MANAGER_URL: "https://tags.example.org/gtm.js?id=1",
    });
    const csp = String((await request(other.app, { method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://chat.example.com https://tags.example.org");
  });
});

describe("API documentation", () => {
  test("the OpenAPI document lists the routes with their schemas", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/auth/basic",
        "/api/v1/auth/basic/signup",
        "/api/v1/auth/sign",
        "/api/v1/auth/me",
        "/api/v1/auth/basic/lost-password",
        "/api/v1/auth/basic/change-password",
        "/api/v1/user/{id}",
        "/api/v1/user/{id}/organization",
        "/api/v1/user/{id}/organization/{orgId}",
        "/api/v1/organization/{orgId}",
        "/api/v1/changelog",
        "/api/v1/config",
      ]),
    );
    const signUp = document.paths["/api/v1/auth/basic/signup"].post;
    expect(signUp.requestBody.content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["email", "password", "nominative"]),
    );
  });

  test("the browsable documentation is served at /api/docs", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("swagger");
  });
});

describe("serving the web app", () => {
  test("without a build, pages answer 503 saying how to build", async () => {
    const response = await request(t.app, { method: "GET", url: "/user/123/board" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain("npm run build");
  });

  test("with a build, every page path gets index.html and hashed assets are cached for long", async () => {
    const dist = mkdtempSync(join(tmpdir(), "timetrap-web-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Timetrap</title>");
    writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(dist, "sw.js"), "self.addEventListener('install', () => {})");
    const web = await t.buildAnotherApp({ WEB_DIST_DIR: dist });

    for (const url of ["/", "/login", "/user/42/board?x=1", "/organization/1/users"]) {
      const page = await request(web.app, { method: "GET", url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain("<title>Timetrap</title>");
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
    const asset = await request(web.app, { method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const worker = await request(web.app, { method: "GET", url: "/sw.js" });
    expect(worker.headers["cache-control"]).toBe("no-cache");

    expect((await request(web.app, { method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
    const api = await request(web.app, { method: "GET", url: "/api/v1/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("deeply nested bodies", () => {
  /** `{"email": [[[…]]]}`: at 5,000 levels about 11 KB, far under the body limit. */
  const nested = (levels: number) => `{"email":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
  const depthError = {
    statusCode: 400,
    error: "Bad Request",
    code: "BAD_REQUEST",
    ErrorMessage: "The request body is nested deeper than 64 levels",
  };

  const send = (method: string, url: string, payload: string, token?: string) =>
    request(t.app, {
      method: method as "POST",
      url,
      ...(token ? { token } : {}),
      headers: { "content-type": "application/json" },
      payload,
    });

  test("5,000 levels are a 400 on every route that takes a body, anonymous ones included, and write nothing", async () => {
    const { owner } = await buildOrganization(t);
    const document = (await request(t.app, { method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ["post", "put", "patch"].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000"),
          anonymous: !operation.security?.length,
        })),
    );
    expect(routes.filter((r) => r.anonymous).map((r) => r.url)).toEqual(
      expect.arrayContaining(["/api/v1/auth/basic", "/api/v1/auth/basic/signup", "/api/v1/auth/basic/change-password"]),
    );
    expect(routes.length).toBeGreaterThan(20);
    const payload = nested(5000);
    expect(payload.length).toBeGreaterThan(10_000);
    const before = await snapshot(t.db);
    for (const route of routes) {
      const response = await send(route.method, route.url, payload, route.anonymous ? undefined : owner.token);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(response.json(), `${route.method} ${route.url}`).toEqual(depthError);
    }
    expect(await snapshot(t.db)).toEqual(before);
  });

  test("a route that needs a session asks for it before reading the body", async () => {
    const response = await send("POST", "/api/v1/user/00000000-0000-4000-8000-000000000000/organization", nested(5000));
    expect(response.statusCode).toBe(401);
  });

  test("64 levels pass to validation and 65 do not", async () => {
    const at64 = await send("POST", "/api/v1/auth/basic", nested(64));
    expect(at64.statusCode).toBe(400);
    expect(at64.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const at65 = await send("POST", "/api/v1/auth/basic", nested(65));
    expect(at65.json()).toEqual(depthError);
  });

  test("brackets inside strings are text, not nesting", async () => {
    const brackets = `${"[{".repeat(3000)}\\"${"]}".repeat(3000)}`;
    const response = await send(
      "POST",
      "/api/v1/auth/basic",
      JSON.stringify({ email: "a@example.com", password: brackets }),
    );
    expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "body.password" }] });
  });

  test("the NUL check names a field 60 levels down", async () => {
    let body: unknown = "bad\u0000";
    for (let i = 0; i < 59; i++) body = [body];
    const response = await send("POST", "/api/v1/auth/basic", JSON.stringify({ email: body }));
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ field: `body.email${".0".repeat(59)}`, message: "Text cannot contain the NUL character" }],
    });
  });
});
