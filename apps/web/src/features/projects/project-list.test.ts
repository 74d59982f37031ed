import { describe, expect, it } from "vitest";
import { countProjectFilter, matchesColumnFilters, noColumnFilters, projectsCsv } from "./project-list";
import { buildProject, ids } from "./projects-test-server";

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
