import { brotliDecompressSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, describe, expect, test } from "vitest";
import { freeAnswerBuffers, giveBack, takeAnswerBuffer } from "./answer-buffers.js";
import { registerCompression } from "./compression.js";
import { sendJsonBytes } from "./plain-json.js";

/** Takes every free buffer, so that a test starts from an empty pool; answers them to give back. */
function drain(): Buffer[] {
  const taken: Buffer[] = [];
  while (freeAnswerBuffers().buffers > 0) taken.push(takeAnswerBuffer(1));
  return taken;
}

describe("answer buffers", () => {
  test("a buffer given back is the next one taken of a size it holds, and a view gives back its whole buffer", () => {
    drain();
    const first = takeAnswerBuffer(100_000);
    expect(first.length).toBe(128 * 1024);
    giveBack(first.subarray(0, 10));
    expect(freeAnswerBuffers()).toEqual({ buffers: 1, bytes: 128 * 1024 });
    const again = takeAnswerBuffer(70_000);
    expect(again).toBe(first);
    expect(freeAnswerBuffers().buffers).toBe(0);
    const larger = takeAnswerBuffer(200_000);
    expect(larger).not.toBe(first);
    expect(larger.length).toBe(256 * 1024);
    giveBack(again);
    giveBack(larger);
    // The smallest that holds the size, not the first free one.
    expect(takeAnswerBuffer(1)).toBe(first);
    giveBack(first);
  });

  test("a buffer is given back once, and one that did not come from the pool is not kept", () => {
    drain();
    const buffer = takeAnswerBuffer(10);
    giveBack(buffer);
    giveBack(buffer);
    giveBack(buffer.subarray(5));
    giveBack(Buffer.alloc(1 << 20));
    expect(freeAnswerBuffers().buffers).toBe(1);
    const one = takeAnswerBuffer(10);
    const other = takeAnswerBuffer(10);
    expect(other).not.toBe(one);
    giveBack(one);
    giveBack(other);
  });

  test("free buffers beyond 64 MB in all are left to the garbage collector", () => {
    drain();
    const big = [takeAnswerBuffer(32 << 20), takeAnswerBuffer(32 << 20), takeAnswerBuffer(32 << 20)];
    for (const buffer of big) giveBack(buffer);
    expect(freeAnswerBuffers()).toEqual({ buffers: 2, bytes: 64 << 20 });
    drain();
  });
});

describe("an answer written into a buffer of the pool", () => {
  const app = Fastify();
  registerCompression(app);
  // Each answer fills a buffer of the pool with its letter, `size` times, and sends what it wrote.
  app.get<{ Querystring: { letter: string; size: string } }>("/letters", (request, reply) => {
    const size = Number(request.query.size);
    const buffer = takeAnswerBuffer(size);
    const text = JSON.stringify(request.query.letter.repeat(size));
    buffer.write(text);
    return sendJsonBytes(reply, buffer.subarray(0, Buffer.byteLength(text)));
  });
  afterAll(() => app.close());

  test("gives its buffer back once sent, and the next answer holds only its own bytes", async () => {
    drain();
    const long = await app.inject({ method: "GET", url: "/letters?letter=a&size=100000" });
    expect(long.json()).toBe("a".repeat(100_000));
    expect(freeAnswerBuffers().buffers).toBe(1);
    const short = await app.inject({ method: "GET", url: "/letters?letter=b&size=10" });
    expect(short.body).toBe(`"${"b".repeat(10)}"`);
    expect(freeAnswerBuffers().buffers).toBe(1);
  });

  test("compressed, the buffer is given back after the compression read it", async () => {
    drain();
    const answer = await app.inject({
      method: "GET",
      url: "/letters?letter=c&size=50000",
      headers: { "accept-encoding": "br" },
    });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString("utf8"))).toBe("c".repeat(50_000));
    expect(freeAnswerBuffers().buffers).toBe(1);
  });
});
