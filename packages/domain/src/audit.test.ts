import { describe, expect, it } from "vitest";
import {
  type AuditEvent,
  auditChanges,
  auditCsv,
  auditCsvRow,
  auditKindList,
  auditKinds,
  auditKindsByGroup,
  auditQuerySchema,
  decodeAuditCursor,
  encodeAuditCursor,
  formatAuditValue,
  securityEventsQuerySchema,
  securityKinds,
} from "./audit.js";

const base = { start_date: "2026-01-01", end_date: "2026-01-31" };
const id = "0b7c2a4e-5d1f-4c3b-9a8e-2f6d1c0b9a87";

describe("audit kinds", () => {
  it("gives every kind a label key that i18next can hold (no dots after the prefix) and a group", () => {
    for (const kind of auditKindList) {
      expect(auditKinds[kind].label).toMatch(/^audit\.kinds\.[a-zA-Z]+$/);
    }
    expect(new Set(auditKindList.map((kind) => auditKinds[kind].label)).size).toBe(auditKindList.length);
  });

  it("puts every kind in exactly one group, in the list's order", () => {
    const grouped = auditKindsByGroup().flatMap((g) => g.kinds);
    expect(grouped.toSorted()).toEqual([...auditKindList].toSorted());
  });

  it.each([
    ["sign_in", true],
    ["sign_in.locked", true],
    ["passkey.added", true],
    ["session.ended", true],
    ["contract.updated", false],
    ["member.role_changed", false],
    ["organization.domain_added", false],
  ] as const)("%s is a security event of the person: %s", (kind, expected) => {
    expect(securityKinds.includes(kind)).toBe(expected);
  });
});

describe("auditChanges", () => {
  it.each([
    [
      "a changed hourly cost only",
      { hourly_cost: 30, contract_type: "full-time" },
      { hourly_cost: 35, contract_type: "full-time" },
      [{ field: "hourly_cost", before: 30, after: 35 }],
    ],
    [
      "a creation lists every field",
      null,
      { name: "Auditor", acls: [] },
      [
        { field: "name", before: undefined, after: "Auditor" },
        { field: "acls", before: undefined, after: [] },
      ],
    ],
    ["a deletion lists every field", { name: "Old" }, null, [{ field: "name", before: "Old", after: undefined }]],
    [
      "lists and objects compare by content",
      { acls: [{ subject: "user", actions: ["read"] }] },
      { acls: [{ subject: "user", actions: ["read"] }] },
      [],
    ],
    ["nothing on either side", null, null, []],
  ] as const)("%s", (_label, before, after, expected) => {
    expect(auditChanges(before, after)).toEqual(expected);
  });
});

describe("formatAuditValue", () => {
  it.each([
    ["money with two decimals", "hourly_cost", 30, "30.00"],
    ["other numbers as they are", "contractual_hours", 7.5, "7.5"],
    ["nothing", "to_date", null, "—"],
    ["absent", "name", undefined, "—"],
    ["an empty list", "domains", [], "—"],
    ["a list", "domains", ["acme.com", "acme.it"], "acme.com; acme.it"],
    [
      "acls",
      "acls",
      [
        { subject: "user", actions: ["read", "edit"] },
        { subject: "role", actions: ["read"] },
      ],
      "user: read, edit; role: read",
    ],
    ["hours by day", "contractual_hours_by_day", { monday: 4, tuesday: 0 }, "monday 4, tuesday 0"],
    ["text", "status", "inactive", "inactive"],
  ] as const)("%s", (_label, field, value, expected) => {
    expect(formatAuditValue(field, value)).toBe(expected);
  });

  it("writes money as it is told", () => {
    expect(formatAuditValue("hourly_cost", 35, { money: (amount) => `${amount} €` })).toBe("35 €");
  });
});

describe("audit cursor", () => {
  it("decodes what it encodes", () => {
    const position = { at: "2026-03-01T10:00:00.123456Z", id };
    expect(decodeAuditCursor(encodeAuditCursor(position))).toEqual(position);
  });

  it.each([
    ["not hex", "zz"],
    ["hex of something else", "6e6f7065"],
    ["an odd length", "abc"],
    ["a time without microseconds", encodeAuditCursor({ at: "2026-03-01T10:00:00Z", id })],
    ["an impossible time", encodeAuditCursor({ at: "2026-02-30T10:00:00.000000Z", id })],
    ["not an id", encodeAuditCursor({ at: "2026-03-01T10:00:00.000000Z", id: "x" })],
    ["too long", "a".repeat(201)],
  ])("refuses %s", (_label, cursor) => {
    expect(decodeAuditCursor(cursor)).toBeUndefined();
  });
});

describe("auditQuerySchema", () => {
  it("takes one kind or several, one person or several", () => {
    const one = auditQuerySchema.parse({ ...base, kind: "sign_in", user_id: id });
    expect(one).toMatchObject({ kind: ["sign_in"], user_id: [id], limit: 50 });
    const many = auditQuerySchema.parse({ ...base, kind: ["sign_in", "sign_out", "sign_in"] });
    expect(many.kind).toEqual(["sign_in", "sign_out"]);
  });

  it.each([
    ["an unknown kind", { kind: "sign_in.maybe" }, "kind"],
    ["a person that is not an id", { user_id: "someone" }, "user_id"],
    ["an impossible date", { start_date: "2026-02-30" }, "start_date"],
    ["a date in another format", { end_date: "31/01/2026" }, "end_date"],
    ["a reversed period", { start_date: "2026-02-01" }, "end_date"],
    ["a period longer than 366 days", { start_date: "2024-01-01", end_date: "2025-01-01" }, "end_date"],
    ["a foreign cursor", { cursor: "abc" }, "cursor"],
    ["a limit of 0", { limit: "0" }, "limit"],
    ["a limit too large", { limit: "201" }, "limit"],
    ["a format that does not exist", { format: "xml" }, "format"],
  ])("refuses %s, naming the field", (_label, override, field) => {
    const result = auditQuerySchema.safeParse({ ...base, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it("needs both days", () => {
    const result = auditQuerySchema.safeParse({ start_date: "2026-01-01" });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(["end_date"]);
  });

  it("accepts a period of exactly 366 days", () => {
    expect(auditQuerySchema.safeParse({ start_date: "2024-01-01", end_date: "2024-12-31" }).success).toBe(true);
  });

  it("gives the security events' query a default page size", () => {
    expect(securityEventsQuerySchema.parse({})).toEqual({ limit: 50 });
  });
});

describe("audit CSV", () => {
  const event: AuditEvent = {
    id,
    at: Date.UTC(2026, 2, 1, 10, 30),
    actor_id: id,
    actor_name: "Nina Rossi",
    kind: "contract.updated",
    target: { type: "contract", id, label: "Luca Bianchi; full-time" },
    ip: "203.0.113.7",
    device: { browser: "Chrome", os: "Windows" },
    before: { hourly_cost: 30 },
    after: { hourly_cost: 35 },
  };

  it("writes one row per event, the instant in ISO 8601 and before/after as JSON", () => {
    expect(auditCsvRow(event)).toEqual([
      "2026-03-01T10:30:00.000Z",
      "Nina Rossi",
      "contract.updated",
      "contract",
      id,
      "Luca Bianchi; full-time",
      "203.0.113.7",
      "Chrome",
      "Windows",
      '{"hourly_cost":30}',
      '{"hourly_cost":35}',
    ]);
  });

  it("follows the project's CSV rules: byte-order mark, semicolons, quoted cells that hold one", () => {
    const csv = auditCsv([{ ...event, before: null, device: { browser: null, os: null } }]);
    expect(csv.startsWith("\uFEFFat;actor;kind;targetType;targetId;target;ip;browser;os;before;after\r\n")).toBe(true);
    expect(csv).toContain(`;"Luca Bianchi; full-time";203.0.113.7;;;;"{""hourly_cost"":35}"\r\n`);
  });
});
