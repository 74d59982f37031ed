import type { WriteBack } from "@timetrap/domain";
import { describe, expect, it } from "vitest";
import { pendingWriteBackPoll, retriedWriteBackPoll, writeBacksPollOf } from "./write-backs";

const writeBack = (state: WriteBack["state"], attempts: number): WriteBack => ({
  event_id: `event-${state}-${attempts}`,
  service: "jira",
  item_id: "PROJ-1",
  state,
  written_seconds: null,
  written_date: null,
  error: null,
  attempts,
  updated_at: 0,
});

describe("how often a week's write-backs are asked again", () => {
  it.each([
    ["nothing asked yet", undefined, false],
    ["none", [], false],
    ["all settled", [writeBack("written", 1), writeBack("failed", 8), writeBack("off", 0)], false],
    ["one on its first attempt", [writeBack("written", 1), writeBack("pending", 0)], pendingWriteBackPoll],
    ["one being retried", [writeBack("pending", 2)], retriedWriteBackPoll],
    [
      "one retried and one on its first attempt",
      [writeBack("pending", 2), writeBack("pending", 0)],
      pendingWriteBackPoll,
    ],
  ] as const)("%s", (_name, writeBacks, poll) => {
    expect(writeBacksPollOf(writeBacks)).toBe(poll);
  });

  it("follows a first attempt closely, a retry less often", () => {
    expect(pendingWriteBackPoll).toBeLessThan(retriedWriteBackPoll);
  });
});
