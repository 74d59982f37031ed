import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { serializeError } from "./alert-error";

describe("serialized errors", () => {
  it("writes an API error's status, code and message", () => {
    const error = new ApiError({ status: 409, statusText: "Conflict", code: "CONFLICT", ErrorMessage: "Taken" });
    expect(JSON.parse(serializeError(error))).toEqual({
      status: 409,
      statusText: "Conflict",
      code: "CONFLICT",
      ErrorMessage: "Taken",
      details: [],
    });
  });

  it("gives the text of an error that JSON would write as {}, and of a value with a cycle", () => {
    expect(serializeError(new TypeError("Failed to fetch"))).toBe("TypeError: Failed to fetch");
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(serializeError(cycle)).toBe("[object Object]");
  });
});
