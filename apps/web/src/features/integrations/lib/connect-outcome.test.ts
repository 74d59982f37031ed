import { describe, expect, it } from "vitest";
import { readConnectOutcome, withoutConnectOutcome } from "./connect-outcome";

const read = (search: string) => readConnectOutcome(new URLSearchParams(search));

describe("the OAuth callback's return to the integrations page", () => {
  it("reads a connection", () => {
    expect(read("connected=gcalendar")).toEqual({ kind: "connected", service: "gcalendar" });
  });

  it("reads a failure with its code", () => {
    expect(read("service=gcalendar&error=expired_state")).toEqual({
      kind: "failed",
      service: "gcalendar",
      code: "expired_state",
    });
  });

  it("tells an unknown code or service as a failure without its particulars", () => {
    expect(read("service=outlook&error=server_error")).toEqual({ kind: "failed", service: null, code: null });
  });

  it("reads nothing from an ordinary visit or an unknown service", () => {
    expect(read("")).toBeNull();
    expect(read("connected=outlook")).toBeNull();
  });

  it("takes the callback's parameters off the address and keeps the rest", () => {
    expect(withoutConnectOutcome(new URLSearchParams("service=jira&error=access_denied&tab=all")).toString()).toBe(
      "tab=all",
    );
  });
});
