import { errorBodySchema } from "@timetrap/domain";
import { describe, expect, test } from "vitest";
import { request, snapshot, useTestApp } from "../test/test-app.js";

const t = useTestApp();

describe("a method the path does not take", () => {
  test.each([
    ["TRACE", "/api/v1/config", "GET, HEAD"],
    ["QUERY", "/api/v1/config", "GET, HEAD"],
    ["DELETE", "/api/v1/config", "GET, HEAD"],
    ["PUT", "/api/v1/auth/sessions", "DELETE, GET, HEAD"],
    ["POST", "/api/v1/auth/sessions/0f8fad5b-d9cb-469f-a165-70867728950e", "DELETE"],
    ["PATCH", "/api/v1/config?x=1", "GET, HEAD"],
  ])(
    "%s %s is a 405 with Allow: %s and the error body, before any session or body check",
    async (method, url, allow) => {
      const before = await snapshot(t.db);
      const response = await request(t.app, { method: method as "GET", url });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe(allow);
      const path = url.split("?")[0];
      expect(errorBodySchema.parse(response.json())).toEqual({
        statusCode: 405,
        error: "Method Not Allowed",
        code: "METHOD_NOT_ALLOWED",
        ErrorMessage: `${method} is not allowed on ${path}: use ${allow}`,
      });
      expect(await snapshot(t.db)).toEqual(before);
    },
  );

  test("a path that does not exist stays a 404, in the API and among the web app's pages", async () => {
    const api = await request(t.app, { method: "TRACE" as "GET", url: "/api/v1/no-such-thing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: "NOT_FOUND" });
    const page = await request(t.app, { method: "POST", url: "/user/1/board", payload: {} });
    expect(page.statusCode).toBe(404);
  });

  test("a method the path takes is served as before", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/v1/config" });
    expect(response.statusCode).toBe(200);
    expect(response.headers.allow).toBeUndefined();
  });
});
