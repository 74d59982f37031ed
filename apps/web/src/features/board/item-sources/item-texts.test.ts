import { describe, expect, it } from "vitest";
import { textAreaKeys } from "../../../../bundle/text-areas";
import en from "../../../locales/en.json";

describe("the texts of the side panel's Todoist, Asana, Paymo and Jira sources", () => {
  const parts = textAreaKeys(en);
  const keysOf = (part: Parameters<typeof parts.get>[0]) => [...(parts.get(part) ?? [])];

  it("are an area of their own that holds every one of them, fetched with the sources", () => {
    expect(
      keysOf("itemSources")
        .filter((key) => key.startsWith("itemSources."))
        .sort(),
    ).toEqual(
      Object.keys(en.itemSources)
        .map((key) => `itemSources.${key}`)
        .sort(),
    );
  });

  it("are not fetched with the board, its dialogs and panel, or Google Calendar", () => {
    for (const part of ["board", "boardDialogs", "googleCalendar"] as const) {
      expect(keysOf(part).filter((key) => key.startsWith("itemSources"))).toEqual([]);
    }
  });

  it("come with the priorities' and states' names the cards show, unless the shell's texts hold them already", () => {
    for (const key of ["tasks.priorities", "tasks.states"]) {
      expect([...keysOf("shell"), ...keysOf("itemSources")], key).toContain(key);
    }
  });
});
