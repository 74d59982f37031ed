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
    // Six attempts in this window: in the next one they weigh 6 × (1 − t/900), floored, and a new attempt fits beside
    // them once that is below 5: strictly after t = 150 s, so the second after 900 − 60 + 150 seconds from now.
    expect(decisions[5]?.retryAfterSeconds).toBe(991);
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

describe("Retry-After", () => {
  it.each([
    ["within the window, as the previous window's attempts weigh less", 5, 400],
    ["in the next window, as this window's attempts weigh less", 0, 100],
  ])("an attempt is allowed at it and refused a moment before: %s", async (_label, earlier, start) => {
    const r = { ...rule, scope: `test:retry-${earlier}` };
    const when = (seconds: number) => at(start + seconds);
    // Two subjects with the same history: a probe counts, so each is probed once.
    const waits = [];
    for (const subject of ["before", "at"]) {
      for (let i = 0; i < earlier; i++) await limits.hit(r, subject, new Date(windowStart.getTime() - 100_000));
      let refused = await limits.hit(r, subject, when(0));
      while (refused.allowed) refused = await limits.hit(r, subject, when(0));
      waits.push(refused.retryAfterSeconds);
    }
    const [wait = 0] = waits;
    expect(waits).toEqual([wait, wait]);
    expect((await limits.hit(r, "before", when(wait - 1.5))).allowed).toBe(false);
    expect((await limits.hit(r, "at", when(wait))).allowed).toBe(true);
  });
});

describe("several limits on one attempt", () => {
  const pair = { scope: "test:each-pair", limit: 2, windowSeconds: 900 };
  const wide = { scope: "test:each-wide", limit: 3, windowSeconds: 900 };

  it("counts an attempt under every limit while each allows it", async () => {
    const checks = [
      { rule: pair, subject: "f" },
      { rule: wide, subject: "w1" },
    ];
    expect(await limits.hitEach(checks, at(10))).toEqual({ allowed: true });
    expect(await limits.hitEach(checks, at(11))).toEqual({ allowed: true });
    expect(await limits.hitEach(checks, at(12))).toMatchObject({ allowed: false, refusedBy: pair });
    // The third attempt stopped at the first limit: the wider one counted two, so one more passes it.
    expect(await limits.hitEach([{ rule: wide, subject: "w1" }], at(13))).toEqual({ allowed: true });
    expect(await limits.hitEach([{ rule: wide, subject: "w1" }], at(14))).toMatchObject({ allowed: false });
  });

  it("takes back what the earlier limits counted when a later one refuses", async () => {
    const narrow = { ...wide, scope: "test:each-narrow", limit: 1 };
    await limits.hit(narrow, "n", at(20));
    const decision = await limits.hitEach(
      [
        { rule: pair, subject: "g" },
        { rule: narrow, subject: "n" },
      ],
      at(21),
    );
    expect(decision).toMatchObject({ allowed: false, refusedBy: narrow });
    if (!decision.allowed) expect(decision.retryAfterSeconds).toBeGreaterThan(0);
    // Two attempts still pass the first limit: the refused one was given back.
    expect((await limits.hit(pair, "g", at(22))).allowed).toBe(true);
    expect((await limits.hit(pair, "g", at(23))).allowed).toBe(true);
    expect((await limits.hit(pair, "g", at(24))).allowed).toBe(false);
  });

  it("undo with the hit's time takes back the count of the hit's window after the window turned", async () => {
    const r = { ...rule, scope: "test:undo-window", limit: 3 };
    for (let i = 0; i < 3; i++) await limits.hit(r, "h", at(899));
    await limits.undo(r, "h", at(899));
    // Two seconds after the turn the previous window's two weigh 2 × 898/900 → 1: two more attempts pass. Had the undo
    // missed the previous window, its three would weigh 2 and only one would.
    expect((await limits.hit(r, "h", at(902))).allowed).toBe(true);
    expect((await limits.hit(r, "h", at(902))).allowed).toBe(true);
    expect((await limits.hit(r, "h", at(902))).allowed).toBe(false);
  });

  it("holds under concurrent attempts through several limits: no limit lets one too many through", async () => {
    const first = { scope: "test:each-concurrent-a", limit: 5, windowSeconds: 900 };
    const second = { scope: "test:each-concurrent-b", limit: 50, windowSeconds: 3600 };
    const decisions = await Promise.all(
      Array.from({ length: 100 }, () =>
        limits.hitEach(
          [
            { rule: first, subject: "x" },
            { rule: second, subject: "x" },
          ],
          at(200),
        ),
      ),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });
});
