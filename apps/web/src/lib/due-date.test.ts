import { describe, expect, it } from "vitest";
import { dueDay, endOfDayMs } from "./due-date";

describe("task due dates", () => {
  it("sends the last millisecond of the picked day in the browser's zone", () => {
    const ms = endOfDayMs("2026-03-14");
    const end = new Date(ms);
    expect([end.getFullYear(), end.getMonth(), end.getDate()]).toEqual([2026, 2, 14]);
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([23, 59, 59, 999]);
    expect(new Date(ms + 1).getDate()).toBe(15);
  });

  it("ends the days of the DST changes at midnight too", () => {
    for (const day of ["2026-03-29", "2026-10-25", "2026-03-08", "2026-11-01"]) {
      expect(new Date(endOfDayMs(day) + 1).getHours()).toBe(0);
    }
  });

  it("reads a due date back as the day it was picked, and nothing as nothing", () => {
    expect(dueDay(endOfDayMs("2026-12-31"))).toBe("2026-12-31");
    expect(dueDay(endOfDayMs("2027-01-01"))).toBe("2027-01-01");
    expect(dueDay(null)).toBeNull();
  });
});
