import { describe, expect, it } from "vitest";
import {
  asanaTasksQuerySchema,
  itemUrlOf,
  loggedTimeText,
  writeBackNote,
  writeBackReference,
} from "./integration-items.js";

describe("loggedTimeText", () => {
  it.each([
    ["nothing", 0, "0 m"],
    ["under a minute rounds to the nearest minute", 29, "0 m"],
    ["half a minute rounds up", 30, "1 m"],
    ["minutes only", 45 * 60, "45 m"],
    ["whole hours", 2 * 3600, "2 h"],
    ["hours and minutes", 5400, "1 h 30 m"],
    ["a long day", 10 * 3600 + 59 * 60 + 40, "11 h"],
  ])("%s", (_name, seconds, text) => {
    expect(loggedTimeText(seconds)).toBe(text);
  });
});

describe("writeBackNote", () => {
  it("says the time, the day as dd/MM/yyyy and the block's reference", () => {
    expect(writeBackNote(5400, "2026-11-27", writeBackReference("e1"))).toBe(
      "1 h 30 m logged in Timetrap on 27/11/2026 [timetrap:e1]",
    );
  });
});

describe("itemUrlOf", () => {
  it.each([
    ["todoist", "6Jf8VQXxpwv56VQ7", null, "https://app.todoist.com/app/task/6Jf8VQXxpwv56VQ7"],
    ["asana", "1204", null, "https://app.asana.com/0/0/1204"],
    ["paymo", "42", null, "https://app.paymoapp.com/#Paymo.Tasks/42"],
    ["jira", "PROJ-1", "acme.atlassian.net", "https://acme.atlassian.net/browse/PROJ-1"],
    ["jira without its site", "PROJ-1", null, null],
    ["timetrap", "x", null, null],
  ])("%s", (service, id, domain, url) => {
    expect(itemUrlOf(service.split(" ")[0] ?? service, id, domain)).toBe(url);
  });

  it("is null without an id", () => {
    expect(itemUrlOf("todoist", null)).toBeNull();
  });
});

describe("asanaTasksQuerySchema", () => {
  it.each([
    ["a project", { projectId: "1" }, true],
    ["a workspace (all projects)", { workspaceId: "2" }, true],
    ["neither", {}, false],
    ["both", { projectId: "1", workspaceId: "2" }, false],
  ])("%s", (_name, query, ok) => {
    expect(asanaTasksQuerySchema.safeParse(query).success).toBe(ok);
  });
});
