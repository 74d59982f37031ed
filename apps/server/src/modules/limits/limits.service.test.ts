import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/database.js";
import { openTestDatabase } from "../../test/test-database.js";
import { createLimitsService, type LimitsService } from "./limits.service.js";

let database: DatabaseHandle;
let limits: LimitsService;

beforeAll(async () => {
  database = await openTestDatabase();
  limits = createLimitsService(database.db);
});
afterAll(() => database.close());

const rule = { scope: "test:burst", limit: 5, windowSeconds: 900 };
const windowStart = new Date(Math.floor(Date.UTC(2026, 10, 25, 10) / 900_000) * 900_000);
const at = (seconds: number) => new Date(windowStart.getTime() + seconds * 1000);

describe("limits", () => {
  it("allows the limit's number of attempts and refuses the next with the time until one is allowed", async () => {
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await limits.hit(rule, "a@example.com", at(60)));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions[5]).toMatchObject({ count: 6 });
    // Six attempts in this window: in the next one they weigh 6 × (1 − t/900) ≤ 5 after t = 150 s, so
    // 900 − 60 + 150 seconds from now.
    expect(decisions[5]?.retryAfterSeconds).toBe(990);
  });

  it("counts each subject apart", async () => {
    expect((await limits.hit(rule, "b@example.com", at(60))).allowed).toBe(true);
  });

  it("weighs the previous window so a burst at the edge cannot pass twice the limit", async () => {
    const edge = { ...rule, scope: "test:edge" };
    for (let i = 0; i < 5; i++) await limits.hit(edge, "c", at(890));
    // Ten seconds into the next window the previous five still weigh 5 × 890/900 ≈ 4.9 → 4.
    expect((await limits.hit(edge, "c", at(910))).allowed).toBe(true);
    expect((await limits.hit(edge, "c", at(911))).allowed).toBe(false);
  });

  it("takes back an attempt with undo and forgets all with reset", async () => {
    const r = { ...rule, scope: "test:undo", limit: 1 };
    expect((await limits.hit(r, "d", at(5))).allowed).toBe(true);
    await limits.undo(r, "d", at(6));
    expect((await limits.hit(r, "d", at(7))).allowed).toBe(true);
    expect((await limits.hit(r, "d", at(8))).allowed).toBe(false);
    await limits.reset(r, "d");
    expect((await limits.hit(r, "d", at(9))).allowed).toBe(true);
  });

  it("holds under concurrent attempts: of 100 at once exactly the limit are allowed", async () => {
    const r = { ...rule, scope: "test:concurrent" };
    const decisions = await Promise.all(Array.from({ length: 100 }, () => limits.hit(r, "e", at(100))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });
});
