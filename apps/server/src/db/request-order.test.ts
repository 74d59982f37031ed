import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { OldestRequestFirst, requestStart } from "./request-order.js";

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets the event loop turn a few times: pending handovers (setImmediate) and their work run meanwhile. */
async function turns(count = 5): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise<void>((r) => setImmediate(r));
}

/**
 * A gate and a log of the works it runs: each work records its start and end and fails the test if it starts while
 * another runs.
 */
function recordingGate() {
  const gate = new OldestRequestFirst();
  const started: string[] = [];
  const events: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const work =
    <T>(label: string, body: () => Promise<T> = async () => undefined as T) =>
    async (): Promise<T> => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      started.push(label);
      events.push(`start ${label}`);
      try {
        return await body();
      } finally {
        events.push(`end ${label}`);
        running -= 1;
      }
    };
  /** A statement of the request that began at `start` (none: outside any request). */
  const send = <T>(start: number | undefined, label: string, body?: () => Promise<T>): Promise<T> =>
    start === undefined ? gate.run(work(label, body)) : requestStart.run(start, () => gate.run(work(label, body)));
  /** Holds the gate until `release`. */
  const hold = (label = "holder") => {
    const release = deferred();
    const done = send(undefined, label, () => release.promise);
    return { release: release.resolve, done };
  };
  return { gate, send, hold, started, events, mostAtOnce: () => mostAtOnce };
}

describe("OldestRequestFirst", () => {
  test("a free gate runs a statement at once", async () => {
    const { send, started } = recordingGate();
    const answer = send(undefined, "first", async () => 42);
    // The work started synchronously, without waiting for a turn of the event loop.
    expect(started).toEqual(["first"]);
    await expect(answer).resolves.toBe(42);
  });

  test("with the gate busy, a newer request's statements wait behind an older request's, even sent earlier", async () => {
    const { send, hold, started } = recordingGate();
    const holder = hold();
    const newer = [send(2000, "newer 1"), send(2000, "newer 2")];
    const older = [send(1000, "older 1"), send(1000, "older 2")];
    expect(started).toEqual(["holder"]);
    holder.release();
    await Promise.all([holder.done, ...newer, ...older]);
    expect(started).toEqual(["holder", "older 1", "older 2", "newer 1", "newer 2"]);
  });

  test("statements of one request keep their sending order, interleaved with others' sends", async () => {
    const { send, hold, started } = recordingGate();
    const holder = hold();
    const sent = [
      send(500, "b1"),
      send(100, "a1"),
      send(500, "b2"),
      send(300, "c1"),
      send(100, "a2"),
      send(500, "b3"),
      send(100, "a3"),
      send(300, "c2"),
    ];
    holder.release();
    await Promise.all([holder.done, ...sent]);
    expect(started).toEqual(["holder", "a1", "a2", "a3", "c1", "c2", "b1", "b2", "b3"]);
  });

  test("a follow-up statement of an older request, sent while newer ones wait, goes before them", async () => {
    const { send, hold, started } = recordingGate();
    const holder = hold();
    let followUp: Promise<unknown> | undefined;
    // The older request reads in two steps: its second statement is sent from within its first.
    let startSeen: number | undefined;
    const first = send(100, "old step 1", async () => {
      // The request's start reaches its work through the wait at the gate.
      startSeen = requestStart.getStore();
      followUp = send(startSeen, "old step 2");
    });
    const newer = [send(200, "new 1"), send(300, "new 2")];
    holder.release();
    await Promise.all([holder.done, first, ...newer]);
    await followUp;
    expect(startSeen).toBe(100);
    expect(started).toEqual(["holder", "old step 1", "old step 2", "new 1", "new 2"]);
  });

  test("statements outside any request rank by when they are sent (performance.now())", async () => {
    const { send, hold, started } = recordingGate();
    const holder = hold();
    const t0 = performance.now();
    const sent = [send(t0 + 1e9, "future request"), send(undefined, "outside 1"), send(t0 - 1e9, "past request")];
    // A request that began after "outside 1" was sent and before "outside 2" is.
    const between = performance.now();
    while (performance.now() <= between) {
      // Busy-wait so that "outside 2" is sent strictly later than `between`.
    }
    sent.push(send(undefined, "outside 2"));
    sent.push(send(between, "between request"));
    holder.release();
    await Promise.all([holder.done, ...sent]);
    expect(started).toEqual(["holder", "past request", "outside 1", "between request", "outside 2", "future request"]);
  });

  test("the statement chosen to run next is not passed by an older one sent during the handover", async () => {
    const { send, hold, started } = recordingGate();
    const holder = hold();
    const newer = send(200, "newer");
    holder.release();
    await holder.done;
    // The holder has ended and handed over to "newer" (setImmediate), which has not started yet.
    expect(started).toEqual(["holder"]);
    const older = send(100, "older");
    await Promise.all([newer, older]);
    expect(started).toEqual(["holder", "newer", "older"]);
  });

  test("a statement that fails lets the next run, and its error reaches its caller", async () => {
    const { send, hold, started, events } = recordingGate();
    const holder = hold();
    const failing = send(100, "failing", async () => {
      throw new Error("boom");
    });
    const next = send(200, "next", async () => "fine");
    holder.release();
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("fine");
    expect(started).toEqual(["holder", "failing", "next"]);
    expect(events.indexOf("end failing")).toBeLessThan(events.indexOf("start next"));
  });

  test("a work that throws before returning a promise, or a failing first statement, frees the gate", async () => {
    const gate = new OldestRequestFirst();
    const syncThrow = (): Promise<never> => {
      throw new Error("thrown at once");
    };
    await expect(gate.run(syncThrow)).rejects.toThrow("thrown at once");
    await expect(gate.run(async () => "after")).resolves.toBe("after");
    // Busy when it throws: the waiting one still runs.
    const release = deferred();
    const held = gate.run(async () => {
      await release.promise;
      throw new Error("held and failed");
    });
    const waiting = gate.run(async () => "waited");
    release.resolve();
    await expect(held).rejects.toThrow("held and failed");
    await expect(waiting).resolves.toBe("waited");
    // And the gate is free again: the next work starts synchronously.
    let startedAtOnce = false;
    const last = gate.run(async () => {
      startedAtOnce = true;
    });
    expect(startedAtOnce).toBe(true);
    await last;
  });

  test("runs one work at a time, never two overlapping", async () => {
    const { send, hold, events, mostAtOnce } = recordingGate();
    const holder = hold();
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i += 1) {
      sent.push(
        send(i % 2 === 0 ? undefined : 1000 - i, `w${i}`, async () => {
          // Works that take a while and yield to the event loop, some of them sending more statements meanwhile.
          await turns(i % 4);
          if (i % 5 === 0) sent.push(send(1000 - i, `w${i} follow-up`, () => turns(1)));
        }),
      );
    }
    holder.release();
    while (sent.length > 0) await sent.shift();
    expect(mostAtOnce()).toBe(1);
    // Starts and ends alternate: each work ends before the next starts.
    expect(events).toHaveLength(2 * 37);
    events.forEach((event, i) => {
      expect(event.startsWith(i % 2 === 0 ? "start " : "end ")).toBe(true);
      if (i % 2 === 1) expect(event.slice(4)).toBe(events[i - 1]!.slice(6));
    });
  });

  test("statements sent while the gate is busy run by request start, then by sending order, one at a time", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ start: fc.integer({ min: 0, max: 5 }), turns: fc.integer({ min: 0, max: 3 }) }), {
          maxLength: 25,
        }),
        async (statements) => {
          const { send, hold, started, mostAtOnce } = recordingGate();
          const holder = hold();
          const sent = statements.map((statement, i) =>
            send(statement.start, `s${i}`, () => turns(statement.turns).then(() => i)),
          );
          holder.release();
          const answers = await Promise.all(sent);
          await holder.done;
          // Each caller gets its own work's answer.
          expect(answers).toEqual(statements.map((_, i) => i));
          const expected = statements
            .map((statement, i) => ({ ...statement, i }))
            .sort((a, b) => a.start - b.start || a.i - b.i)
            .map(({ i }) => `s${i}`);
          expect(started).toEqual(["holder", ...expected]);
          expect(mostAtOnce()).toBe(1);
        },
      ),
      { numRuns: 60 },
    );
  });
});
