import { describe, expect, it } from "vitest";
import { boardLink, boardPlace, ownBoardPlace } from "./board-links";

describe("boardLink", () => {
  it.each([
    ["away from a board, the own board", "/user/me/dashboard", "", { view: "day" }, "/user/me/board?view=day"],
    [
      "on another person's board, that board with its week",
      "/user/ada/board",
      "?date=2026-11-23&view=week",
      { view: "day" },
      "/user/ada/board?date=2026-11-23&view=day",
    ],
    ["the panel switched off", "/user/me/board", "?panel=tasks&view=week", { panel: null }, "/user/me/board?view=week"],
    [
      "today on a board",
      "/user/me/board",
      "?view=day",
      { date: "2026-11-28" },
      "/user/me/board?view=day&date=2026-11-28",
    ],
    ["nothing left", "/user/me/board", "?panel=tasks", { panel: null }, "/user/me/board"],
  ])("%s", (_label, pathname, search, changes, expected) => {
    expect(boardLink(boardPlace(pathname, search, "me"), changes)).toBe(expected);
  });
});

describe("ownBoardPlace", () => {
  it("keeps the own board's parameters for a new block", () => {
    expect(boardLink(ownBoardPlace("/user/me/board", "?date=2026-11-23", "me"), { do: "new-block" })).toBe(
      "/user/me/board?date=2026-11-23&do=new-block",
    );
  });

  it("leaves another person's board for one's own", () => {
    expect(boardLink(ownBoardPlace("/user/ada/board", "?date=2026-11-23", "me"), { do: "new-block" })).toBe(
      "/user/me/board?do=new-block",
    );
  });
});
