import { afterEach, describe, expect, it, vi } from "vitest";
import { createIntent, randomKey } from "./idempotency";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const block = { title: "Wireframes", start_time: 1_000, end_time: 2_000 };

describe("an intent's Idempotency-Key", () => {
  it("is a random UUID, the same each time the same request is sent again", () => {
    const intent = createIntent();
    const first = intent.key(["user-1", block]);
    expect(first).toMatch(uuid);
    // Save clicked again after a network error, or the request retried: the same request, another object.
    expect(intent.key(["user-1", { ...block }])).toBe(first);
    expect(intent.key(["user-1", block])).toBe(first);
  });

  it("is a new one once the request changed: the server refuses a key sent with another request", () => {
    const intent = createIntent();
    const first = intent.key(["user-1", block]);
    const retitled = intent.key(["user-1", { ...block, title: "Mockups" }]);
    expect(retitled).toMatch(uuid);
    expect(retitled).not.toBe(first);
    // Another address (another person's board) with the same body is another request too.
    expect(intent.key(["user-2", { ...block, title: "Mockups" }])).not.toBe(retitled);
  });

  it("is a new one for the next intent once this one succeeded, even with the same request", () => {
    const intent = createIntent();
    const first = intent.key(["user-1", block]);
    intent.done();
    const next = intent.key(["user-1", block]);
    expect(next).toMatch(uuid);
    expect(next).not.toBe(first);
    expect(intent.key(["user-1", block])).toBe(next);
  });

  it("is never shared by two intents: two forms opened one after the other with the same content", () => {
    const first = createIntent();
    const second = createIntent();
    expect(second.key(["user-1", block])).not.toBe(first.key(["user-1", block]));
  });
});

describe("randomKey", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is a version-4 UUID also where crypto.randomUUID is missing (plain HTTP on a network address)", () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(crypto) });
    const keys = new Set(Array.from({ length: 200 }, () => randomKey()));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(uuid);
  });
});
