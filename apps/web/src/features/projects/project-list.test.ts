import { describe, expect, it } from "vitest";
import {
  countProjectFilter,
  matchesColumnFilters,
  noColumnFilters,
  overlapsRange,
  projectsCsv,
  splitMyProjects,
} from "./project-list";
import { buildProject, ids, people } from "./projects-test-server";

describe("overlapsRange", () => {
  const range: [string, string] = ["2025-03-01", "2025-03-31"];
  it.each([
    ["inside the range", "2025-03-05", "2025-03-20", true],
    ["over its start", "2025-02-01", "2025-03-01", true],
    ["over its end", "2025-03-31", "2025-05-01", true],
    ["around it", "2025-01-01", "2025-12-31", true],
    ["ended the day before", "2025-01-01", "2025-02-28", false],
    ["starting the day after", "2025-04-01", "2025-04-30", false],
    ["started before and still running", "2025-01-01", null, true],
    ["starting after it and open-ended", "2025-04-01", null, false],
    ["without a start, ending in it", null, "2025-03-10", true],
    ["without a start, ended before", null, "2025-02-10", false],
    ["without any date", null, null, false],
  ])("a project %s: %s", (_, start_date, end_date, expected) => {
    expect(overlapsRange({ start_date, end_date }, range)).toBe(expected);
  });

  it("does not filter without a range, and an open side does not limit", () => {
    expect(overlapsRange({ start_date: null, end_date: null }, [null, null])).toBe(true);
    expect(overlapsRange({ start_date: "2020-01-01", end_date: "2020-02-01" }, [null, "2020-01-15"])).toBe(true);
    expect(overlapsRange({ start_date: "2020-01-01", end_date: "2020-02-01" }, ["2020-02-02", null])).toBe(false);
  });
});

describe("matchesColumnFilters", () => {
  const project = buildProject({
    title: "Caffè online",
    external_reference: "Q-2025-07",
    category: { uid: ids.web, name: "Web", color: "#228be6" },
  });

  it("finds text ignoring case and accents, and a picked value by id", () => {
    expect(matchesColumnFilters(project, { ...noColumnFilters, title: "CAFFE" })).toBe(true);
    expect(matchesColumnFilters(project, { ...noColumnFilters, externalReference: "2025" })).toBe(true);
    expect(matchesColumnFilters(project, { ...noColumnFilters, customer: [ids.acme, ids.bottega] })).toBe(true);
    expect(matchesColumnFilters(project, { ...noColumnFilters, customer: [ids.bottega] })).toBe(false);
    expect(matchesColumnFilters(project, { ...noColumnFilters, category: [ids.web] })).toBe(true);
  });

  it("never matches a pick on a value the project lacks", () => {
    expect(matchesColumnFilters(project, { ...noColumnFilters, area: ["any-area"] })).toBe(false);
  });
});

describe("countProjectFilter", () => {
  it("counts the values set, a budget of 0 included, and not the empty ones", () => {
    expect(countProjectFilter({})).toBe(0);
    expect(countProjectFilter({ projectTitle: "  ", customerName: [], budget: null })).toBe(0);
    expect(countProjectFilter({ projectTitle: "web", projectType: [0], budget: 0, marginality: 12.5 })).toBe(4);
  });
});

describe("splitMyProjects", () => {
  it("puts the projects the user leads first and the ones they only work on second", () => {
    const led = buildProject({ uid: "led", members: [{ user: people.me, tags: ["sales"] }] });
    const onTeam = buildProject({
      uid: "team",
      project_manager: people.grace,
      members: [{ user: people.me, tags: ["informed"] }],
    });
    const other = buildProject({ uid: "other", project_manager: people.grace });
    const { managed, member } = splitMyProjects([led, onTeam, other], ids.me);
    expect(managed.map((p) => p.uid)).toEqual(["led"]);
    expect(member.map((p) => p.uid)).toEqual(["team"]);
  });
});

describe("projectsCsv", () => {
  it("writes the spec's columns with ; and a byte-order mark, quoting what needs it", () => {
    const csv = projectsCsv([
      buildProject({
        title: "Shop; phase 2",
        external_reference: "Q-7",
        project_type: 1,
        budget: 12500.5,
        current_marginability: 22.25,
        start_date: "2025-01-01",
        end_date: "2025-06-30",
      }),
    ]);
    expect(csv).toBe(
      "\uFEFFtitle;customer;externalReference;projectManager;status;projectType;category;area;budget;" +
        "currentMarginability;startDate;endDate\r\n" +
        '"Shop; phase 2";Acme Corp;Q-7;Ada Lovelace;Open;recurring;;;12500.5;22.25;2025-01-01;2025-06-30\r\n',
    );
  });
});
