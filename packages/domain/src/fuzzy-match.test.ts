import { describe, expect, it } from "vitest";
import { bestFuzzyScore, fuzzyScore, rankByFuzzyMatch } from "./fuzzy-match.js";

describe("fuzzyScore", () => {
  it.each([
    ["an empty query matches anything", "", "Projects", true],
    ["a prefix", "proj", "Projects", true],
    ["case is ignored", "PROJ", "projects", true],
    ["accents are ignored in the name", "citta", "Città Alta", true],
    ["accents are ignored in the query", "città", "Citta Alta", true],
    ["runs of spaces are one space", "  week   view ", "Week view", true],
    ["a word's start", "view", "Week view", true],
    ["letters inside a word", "ject", "Projects", true],
    ["words in another order", "view week", "Week view", true],
    ["initials", "wv", "Week view", true],
    ["letters scattered in order", "prjts", "Projects", true],
    ["letters out of order", "stcejorp", "Projects", false],
    ["a letter the name lacks", "projx", "Projects", false],
    ["a query longer than the name", "projects list", "Projects", false],
  ])("%s", (_label, query, name, matches) => {
    expect(fuzzyScore(query, name) !== null).toBe(matches);
  });

  // Each row's query ranks the first name above the second.
  it.each([
    ["the exact name before a longer one", "board", "Board", "Board preferences"],
    ["a prefix before a word's start", "day", "Day view", "Today's day"],
    ["a word's start before letters inside a word", "view", "Week view", "Overview"],
    ["letters inside a word before initials", "pr", "Approvals", "Personal report"],
    ["initials before scattered letters", "wv", "Week view", "Workflows overview"],
    ["close letters before far ones", "tmr", "Timer", "Time off request"],
    ["the shorter of two prefixes", "pro", "Profile", "Project setup"],
  ])("%s", (_label, query, better, worse) => {
    const a = fuzzyScore(query, better);
    const b = fuzzyScore(query, worse);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(a as number).toBeGreaterThan(b as number);
  });
});

describe("bestFuzzyScore", () => {
  it.each([
    ["the label in the other language", "progetti", ["Projects", "Progetti"], true],
    ["either language's accents", "attivita", ["Activity", "Attività"], true],
    ["no name matches", "zzz", ["Projects", "Progetti"], false],
    ["no names at all", "a", [], false],
  ])("%s", (_label, query, names, matches) => {
    expect(bestFuzzyScore(query, names) !== null).toBe(matches);
  });
});

describe("rankByFuzzyMatch", () => {
  const items = [
    { id: "overview", names: ["Overview", "Panoramica"] },
    { id: "week", names: ["Week view", "Vista settimana"] },
    { id: "day", names: ["Day view", "Vista giorno"] },
    { id: "projects", names: ["Projects", "Progetti"] },
  ];
  const ids = (query: string) => rankByFuzzyMatch(query, items, (item) => item.names).map(({ item }) => item.id);

  it.each([
    ["an empty query keeps every item in order", "", ["overview", "week", "day", "projects"]],
    ["word starts before letters inside a word, the shorter first", "view", ["day", "week", "overview"]],
    ["the other language's label finds the item", "vista g", ["day"]],
    ["a prefix in either language", "pro", ["projects"]],
  ])("%s", (_label, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });
});
