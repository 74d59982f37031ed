import { describe, expect, test } from "vitest";
import { ConnectorError, type ConnectorErrorKind } from "../../connectors/http-client.js";
import { AppError } from "../../http/app-error.js";
import {
  asksForWrite,
  failureOutcomeOf,
  unexpectedFailureMessage,
  writableItemOf,
  writeBackMaxAttempts,
  writeBackRetryDelayMs,
} from "./write-back-rules.js";
import type { LoggedBlock } from "./write-back-trigger.js";

const start = new Date("2026-11-27T08:00:00Z");

function block(overrides: Partial<LoggedBlock> = {}): LoggedBlock {
  return {
    id: "5d8e2f14-6a3b-4c9d-8e7f-1a2b3c4d5e6f",
    userId: "u",
    organizationId: "o",
    eventType: "activity",
    completed: true,
    elapsedTime: 5400,
    startTime: start,
    source: "jira",
    sourceId: "PROJ-42",
    recurrenceId: null,
    ...overrides,
  };
}

describe("which blocks have their time written back", () => {
  test.each([
    ["a completed activity from Jira with time", {}, { service: "jira", itemId: "PROJ-42" }],
    [
      "one from Todoist",
      { source: "todoist", sourceId: "6Jf8VQXxpwv56VQ7" },
      { service: "todoist", itemId: "6Jf8VQXxpwv56VQ7" },
    ],
    ["one not completed", { completed: false }, null],
    ["one with no time logged", { elapsedTime: 0 }, null],
    ["a planning block", { eventType: "planning" }, null],
    ["a block of Timetrap's own", { source: "timetrap", sourceId: null }, null],
    ["a copy of a Google Calendar event", { source: "gcalendar", sourceId: "abc" }, null],
    ["one from a tool without the item's id", { sourceId: null }, null],
    ["one with an empty item id", { sourceId: "" }, null],
    ["a series' template", { recurrenceId: "r" }, null],
  ] as const)("%s", (_name, overrides, expected) => {
    expect(writableItemOf(block(overrides as Partial<LoggedBlock>))).toEqual(expected);
  });
});

describe("which saves ask for a write", () => {
  test.each([
    ["a new completed block", null, {}, true],
    ["a new block not completed", null, { completed: false }, false],
    ["completing it (confirm time, a stopped timer)", { completed: false, elapsedTime: 0 }, {}, true],
    ["a change of the logged seconds", { elapsedTime: 3600 }, {}, true],
    ["a change of the start", { startTime: new Date("2026-11-26T08:00:00Z") }, {}, true],
    ["another item", { sourceId: "PROJ-41" }, {}, true],
    ["another tool", { source: "paymo", sourceId: "PROJ-42" }, {}, true],
    ["a change of the title only", {}, {}, false],
    ["taking the completion back", {}, { completed: false }, false],
    ["a planning block turned into a completed activity", { eventType: "planning", completed: false }, {}, true],
  ] as const)("%s", (_name, before, after, expected) => {
    expect(
      asksForWrite(
        before === null ? null : block(before as Partial<LoggedBlock>),
        block(after as Partial<LoggedBlock>),
      ),
    ).toBe(expected);
  });
});

describe("the retries' waits", () => {
  test("1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h: eight attempts", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => writeBackRetryDelayMs(attempt, 0.5))).toEqual([
      60_000, 300_000, 900_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000,
    ]);
    expect(writeBackMaxAttempts).toBe(8);
  });

  test("each wait spread by ±20 %", () => {
    expect(writeBackRetryDelayMs(1, 0)).toBe(48_000);
    expect(writeBackRetryDelayMs(1, 0.999_999)).toBeCloseTo(72_000, -1);
    expect(writeBackRetryDelayMs(4, 0)).toBe(2_880_000);
  });

  test("past the schedule, the longest wait", () => {
    expect(writeBackRetryDelayMs(9, 0.5)).toBe(43_200_000);
  });
});

describe("how a failed attempt ends", () => {
  const connectorError = (kind: ConnectorErrorKind, message: string) =>
    new ConnectorError({ service: "Jira", kind, status: null, reason: null, serviceMessage: message });

  test.each([
    ["rate_limited", true],
    ["timeout", true],
    ["upstream", true],
    ["not_found", false],
    ["forbidden", false],
    ["client", false],
    ["unauthorized", false],
  ] as const)("the service's %s: retried %s", (kind, retry) => {
    expect(failureOutcomeOf(connectorError(kind, "Issue does not exist"))).toEqual({
      retry,
      message: "Jira: Issue does not exist",
    });
  });

  test.each([
    ["UPSTREAM_RATE_LIMITED", true],
    ["UPSTREAM_TIMEOUT", true],
    ["UPSTREAM_ERROR", true],
    ["NOT_FOUND", false],
    ["FORBIDDEN", false],
    ["BAD_REQUEST", false],
    ["INTEGRATION_NOT_CONNECTED", false],
    ["INTEGRATION_NEEDS_RECONNECT", false],
    ["INTEGRATION_UNAVAILABLE", false],
  ] as const)("the integrations' %s: retried %s, in its words", (code, retry) => {
    expect(failureOutcomeOf(new AppError(code, "Paymo: Task not found"))).toEqual({
      retry,
      message: "Paymo: Task not found",
    });
  });

  test("anything else is retried, and its details stay out of the block's reason", () => {
    expect(failureOutcomeOf(new Error("connection terminated unexpectedly"))).toEqual({
      retry: true,
      message: unexpectedFailureMessage,
    });
  });
});
