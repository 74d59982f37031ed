import { type Integration, itemServices, type WriteBack } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { buildEvent } from "../lib/event-fixtures";
import { writtenBackSources } from "./write-back-slots";
import { writeBackMarkOf, writeBackSectionStateOf, writeBackWeekOf } from "./write-back-view";

const writeBack = (overrides: Partial<WriteBack> = {}): WriteBack => ({
  event_id: "11111111-1111-4111-8111-111111111111",
  service: "jira",
  item_id: "PROJ-12",
  state: "written",
  written_seconds: 5400,
  written_date: "2026-03-09",
  error: null,
  attempts: 1,
  updated_at: 0,
  ...overrides,
});

const jira = (overrides: Partial<Integration> = {}): Integration => ({
  service: "jira",
  status: "active",
  token_type: "Basic",
  expires_at: null,
  metadata: { account_email: "ada@acme.com", domain: "acme.atlassian.net", scopes: [] },
  last_error: null,
  write_back: true,
  created_at: 0,
  ...overrides,
});

const completed = buildEvent({ source: "jira", source_id: "PROJ-12", completed: true, elapsed_time: 5400 });
const open = buildEvent({ source: "jira", source_id: "PROJ-12" });

describe("the week a tile asks its write-backs for", () => {
  const local = (year: number, month: number, day: number, hour = 0) => new Date(year, month, day, hour).getTime();

  it.each([
    ["a Monday morning", local(2026, 2, 16, 9)],
    ["a Wednesday afternoon", local(2026, 2, 18, 15)],
    ["a Sunday night", local(2026, 2, 22, 23)],
  ])("takes the Monday-to-Monday week of %s", (_name, instant) => {
    expect(writeBackWeekOf(instant)).toEqual({ start: local(2026, 2, 16), end: local(2026, 2, 23) });
  });

  it("ends at the next Monday's midnight across a change of the clocks", () => {
    const week = writeBackWeekOf(local(2026, 2, 25, 12));
    expect(week).toEqual({ start: local(2026, 2, 23), end: local(2026, 2, 30) });
    expect(new Date(week.end).getHours()).toBe(0);
  });
});

describe("a tile's mark", () => {
  it.each([
    ["pending", "pending"],
    ["written", "written"],
    ["failed", "failed"],
  ] as const)("shows a %s write-back", (state, mark) => {
    expect(writeBackMarkOf(writeBack({ state }))).toBe(mark);
  });

  it("shows nothing when write-back was off, or there is none", () => {
    expect(writeBackMarkOf(writeBack({ state: "off" }))).toBeNull();
    expect(writeBackMarkOf(undefined)).toBeNull();
  });
});

describe("what the event form says of the time written back", () => {
  it("tells each state of the block's write-back", () => {
    const of = (record: WriteBack) =>
      writeBackSectionStateOf({ event: completed, own: true, writeBack: record, integration: jira() });
    expect(of(writeBack({ state: "pending", written_seconds: null }))).toEqual({
      kind: "pending",
      seconds: 5400,
      error: null,
    });
    expect(of(writeBack())).toEqual({ kind: "written", seconds: 5400, day: "2026-03-09" });
    expect(of(writeBack({ state: "failed", error: "Jira: Issue does not exist" }))).toEqual({
      kind: "failed",
      error: "Jira: Issue does not exist",
    });
    expect(
      writeBackSectionStateOf({
        event: completed,
        own: true,
        writeBack: writeBack({ state: "off" }),
        integration: jira({ write_back: false }),
      }),
    ).toEqual({ kind: "off", later: false });
  });

  it("tells the last error of a write-back being retried", () => {
    const state = writeBackSectionStateOf({
      event: completed,
      own: true,
      writeBack: writeBack({ state: "pending", error: "Jira: Service Unavailable", attempts: 2 }),
      integration: jira(),
    });
    expect(state).toEqual({ kind: "pending", seconds: 5400, error: "Jira: Service Unavailable" });
  });

  it("offers to write a block completed while write-back was off, once it is on again", () => {
    const of = (integration: Integration | null | undefined) =>
      writeBackSectionStateOf({ event: completed, own: true, writeBack: writeBack({ state: "off" }), integration });
    expect(of(jira())).toEqual({ kind: "off", later: true });
    expect(of(jira({ write_back: false }))).toEqual({ kind: "off", later: false });
    expect(of(null)).toEqual({ kind: "off", later: false });
    expect(of(undefined)).toEqual({ kind: "off", later: false });
  });

  it("tells the time the tool has, which may be older than the block's", () => {
    const state = writeBackSectionStateOf({
      event: completed,
      own: true,
      writeBack: writeBack({ written_seconds: 1800, written_date: null }),
      integration: jira(),
    });
    expect(state).toEqual({ kind: "written", seconds: 1800, day: null });
  });

  it("without a write-back, says what the integration will do", () => {
    const of = (integration: Integration | null | undefined, event = open) =>
      writeBackSectionStateOf({ event, own: true, writeBack: undefined, integration });
    expect(of(jira())).toEqual({ kind: "not_yet" });
    expect(of(jira({ write_back: false }))).toEqual({ kind: "off", later: false });
    expect(of(null)).toEqual({ kind: "not_connected" });
    expect(of(undefined)).toEqual({ kind: "none" });
    expect(of(jira(), completed)).toEqual({ kind: "none" });
  });

  it("says nothing of another person's block", () => {
    expect(
      writeBackSectionStateOf({ event: completed, own: false, writeBack: writeBack(), integration: jira() }),
    ).toEqual({ kind: "none" });
  });
});

describe("the sources the board's tiles look for", () => {
  it("are the domain's tools whose time is written back", () => {
    expect([...writtenBackSources].sort()).toEqual([...itemServices].sort());
  });
});
