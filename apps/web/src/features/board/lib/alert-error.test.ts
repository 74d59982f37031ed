import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { alertText, serializeError } from "./alert-error";

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

describe("alert text", () => {
  it.each([
    ["PERIOD_LOCKED", 423, "The week of 16 Mar 2026 is approved: its entries are locked"],
    ["OVERLAPPING_ACTIVITY", 409, 'It overlaps "Standup" (09:00–09:15, 18 Mar 2026): activities may not overlap'],
  ])("tells a %s refusal in the server's words", (code, status, message) => {
    expect(alertText(new ApiError({ status, statusText: "", code, ErrorMessage: message }))).toBe(message);
  });

  it("serializes any other failure, as the spec asks", () => {
    const error = new ApiError({ status: 409, statusText: "Conflict", code: "CONFLICT", ErrorMessage: "Taken" });
    expect(alertText(error)).toBe(serializeError(error));
    expect(alertText(new TypeError("Failed to fetch"))).toBe("TypeError: Failed to fetch");
  });
});
