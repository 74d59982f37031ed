import { describe, expect, it } from "vitest";
import { timesheetActionsFor } from "./timesheet-actions";

describe("timesheetActionsFor", () => {
  it.each([
    ["open", "owner", ["submit"]],
    ["submitted", "owner", ["withdraw"]],
    ["approved", "owner", []],
    ["rejected", "owner", ["submit"]],
    ["open", "approver", []],
    ["submitted", "approver", ["approve", "reject"]],
    ["approved", "approver", ["reopen"]],
    ["rejected", "approver", []],
  ] as const)("a period %s offers the %s %j", (status, actor, expected) => {
    expect(timesheetActionsFor(status, actor)).toEqual(expected);
  });
});
