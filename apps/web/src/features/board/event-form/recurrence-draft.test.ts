import { describe, expect, it } from "vitest";
import { draftOf, recurrenceErrors, ruleOfDraft, withEnds, withFrequency } from "./recurrence-draft";

describe("the recurrence dialog's draft", () => {
  it("starts a new rule weekly on the event's weekday, never ending", () => {
    expect(draftOf(null, 2)).toEqual({
      every: 1,
      frequency: "WEEKLY",
      day_of_weeks: [2],
      ends: "never",
      until: null,
      repeat: "",
    });
  });

  it("reads how a rule ends", () => {
    const rule = { every: 2, frequency: "DAILY" as const, day_of_weeks: [], until: null, repeat: 5 };
    expect(draftOf(rule, 1).ends).toBe("count");
    expect(draftOf({ ...rule, repeat: null, until: "2026-12-31" }, 1).ends).toBe("until");
    // 0 occurrences means no limit.
    expect(draftOf({ ...rule, repeat: 0 }, 1).ends).toBe("never");
  });

  it("clears the weekdays when the frequency changes", () => {
    expect(withFrequency(draftOf(null, 2), "MONTHLY").day_of_weeks).toEqual([]);
  });

  it("clears the other two values when the way of ending changes", () => {
    const onDay = { ...withEnds(draftOf(null, 2), "until"), until: "2026-12-31" };
    expect(withEnds(onDay, "count")).toMatchObject({ ends: "count", until: null, repeat: "" });
    const afterFive = { ...withEnds(onDay, "count"), repeat: 5 };
    expect(withEnds(afterFive, "never")).toMatchObject({ ends: "never", until: null, repeat: "" });
  });

  it.each([
    [{ every: 0 }, { every: "every" }],
    [{ every: 100 }, { every: "every" }],
    [{ every: "" }, { every: "every" }],
    [{ ends: "count" as const, repeat: 100 }, { repeat: "repeat" }],
    [{ ends: "count" as const, repeat: "" }, { repeat: "repeat" }],
    [{ ends: "until" as const, until: null }, { until: "untilRequired" }],
    [{ every: 99, ends: "count" as const, repeat: 0 }, {}],
  ])("checks %j", (change, errors) => {
    expect(recurrenceErrors({ ...draftOf(null, 2), ...change })).toEqual(errors);
  });

  it("gives the rule with weekdays in order, and only for weekly series", () => {
    expect(ruleOfDraft({ ...draftOf(null, 5), day_of_weeks: [5, 1] })).toEqual({
      every: 1,
      frequency: "WEEKLY",
      day_of_weeks: [1, 5],
      until: null,
      repeat: null,
    });
    expect(ruleOfDraft({ ...draftOf(null, 5), every: 0 })).toBeNull();
  });
});
