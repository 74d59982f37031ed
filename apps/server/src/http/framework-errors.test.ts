import { describe, expect, test } from "vitest";
import { buildOrganization } from "../test/factories.js";
import { request, useTestApp } from "../test/test-app.js";

const t = useTestApp();

describe("addresses the router refuses", () => {
  test("an escape that is not UTF-8 in a path parameter is a 400 with the error body", async () => {
    const { owner } = await buildOrganization(t);
    const response = await request(t.app, { method: "GET", url: "/api/v1/user/%FF%FE/timer", token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      code: "BAD_REQUEST",
      ErrorMessage: "The address is not valid: a part of it is not correctly encoded",
    });
  });

  test("a path parameter longer than the router keeps (1,024 characters) is a 400 with the error body", async () => {
    const response = await request(t.app, { method: "GET", url: `/api/v1/organization/${"x".repeat(1025)}/user` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      code: "BAD_REQUEST",
      ErrorMessage: "A part of the address is too long",
    });
  });
});
