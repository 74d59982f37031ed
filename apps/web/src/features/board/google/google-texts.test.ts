import { describe, expect, it } from "vitest";
import { textAreaKeys } from "../../../../bundle/text-areas";
import en from "../../../locales/en.json";

describe("the Google Calendar texts", () => {
  const parts = textAreaKeys(en);
  const keysOf = (part: Parameters<typeof parts.get>[0]) => [...(parts.get(part) ?? [])];

  it("are an area of their own, fetched with the layer or the panel's source, not with the board", () => {
    expect(keysOf("googleCalendar").sort()).toEqual([
      "googleCalendar.details",
      "googleCalendar.panel",
      "googleCalendar.problem",
    ]);
    expect(keysOf("board").filter((key) => key.startsWith("googleCalendar"))).toEqual([]);
  });

  it("leave the board's event form and side panel to the area fetched when either first opens", () => {
    expect(keysOf("board").filter((key) => /^(eventForm|sidePanel)\./.test(key))).toEqual([]);
    expect(keysOf("boardDialogs")).toEqual(expect.arrayContaining(["eventForm.recurrence", "sidePanel.tasks"]));
    // The panel's own texts stay with the panel: only the Google source's come apart.
    expect(keysOf("boardDialogs").filter((key) => key.startsWith("googleCalendar"))).toEqual([]);
  });
});
