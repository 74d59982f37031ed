import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { buildOrganization } from "../test/factories.js";
import { request, useTestApp } from "../test/test-app.js";
import { chooseEncoding } from "./compression.js";

const t = useTestApp();

describe("choosing a coding from Accept-Encoding", () => {
  test.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["GZIP;Q=0.8", "gzip"],
    ["*", "br"],
    ["*;q=0.3, br;q=0", "gzip"],
    ["deflate", null],
    ["br;q=nonsense, gzip", "gzip"],
  ])("%j → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe("the web app's files", () => {
  // Long enough to be worth compressing, as the build's files are.
  const page = `<!doctype html><title>Timetrap</title>${"<!-- page -->".repeat(200)}`;
  const script = `console.log(${JSON.stringify("x".repeat(3000))});`;

  async function webApp() {
    const dist = mkdtempSync(join(tmpdir(), "timetrap-web-"));
    mkdirSync(join(dist, "assets"));
    const files = {
      "index.html": page,
      "assets/index-abc123.js": script,
      // Built without compressed copies (a file too small to be worth them).
      "assets/tiny-def456.js": "console.log(1)",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
    for (const name of ["index.html", "assets/index-abc123.js"]) {
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(files[name as keyof typeof files]));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(files[name as keyof typeof files]));
    }
    return (await t.buildAnotherApp({ WEB_DIST_DIR: dist })).app;
  }

  test("each client gets the copy its Accept-Encoding names, the same file in the end, and Vary says so", async () => {
    const app = await webApp();
    const asset = "/assets/index-abc123.js";
    const br = await app.inject({ url: asset, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers["content-type"]).toContain("javascript");

    const gz = await app.inject({ url: asset, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: asset, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    const none = await app.inject({ url: asset, headers: { "accept-encoding": "" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body).toBe(script);

    for (const response of [br, gz, plain, none]) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  test("a file built without compressed copies is sent as it is, still varying by Accept-Encoding", async () => {
    const app = await webApp();
    const tiny = await app.inject({ url: "/assets/tiny-def456.js", headers: { "accept-encoding": "br, gzip" } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body).toBe("console.log(1)");
    expect(tiny.headers.vary).toMatch(/accept-encoding/i);
  });

  test("the page, at any client route, is compressed and never cached without asking", async () => {
    const app = await webApp();
    for (const url of ["/", "/login", "/user/42/board"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["content-type"], url).toContain("text/html");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });
});

describe("the API's answers", () => {
  /** The board's list for a week with `count` events, read with `acceptEncoding`. */
  async function boardList(count: number) {
    const { owner } = await buildOrganization(t);
    const start = Date.UTC(2026, 0, 5, 8);
    for (let i = 0; i < count; i++) {
      const created = await request(t.app, {
        method: "POST",
        url: `/api/v1/user/${owner.id}/time-blocking`,
        token: owner.token,
        json: { title: `Block ${i}`, start_time: start + i * 3_600_000, end_time: start + i * 3_600_000 + 1_800_000 },
      });
      expect(created.statusCode).toBe(201);
    }
    const url = `/api/v1/user/${owner.id}/time-blocking?startTime=2026-01-05T00:00:00.000Z&endTime=2026-01-12T00:00:00.000Z`;
    return (acceptEncoding?: string) =>
      request(t.app, {
        method: "GET",
        url,
        token: owner.token,
        headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
      });
  }

  test("a list above 1 KB is compressed for a client that accepts it, and reads the same", async () => {
    const read = await boardList(12);
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(12);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await read("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("application/json");
    expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await read("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const refused = await read("br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  test("an answer of at most 1 KB leaves as it is, whatever the client accepts", async () => {
    const read = await boardList(1);
    const small = await read("br, gzip");
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary ?? "").not.toMatch(/accept-encoding/i);
    expect(small.json()).toHaveLength(1);

    const config = await request(t.app, { method: "GET", url: "/api/v1/config", headers: { "accept-encoding": "br" } });
    expect(config.rawPayload.length).toBeLessThanOrEqual(1024);
    expect(config.headers["content-encoding"]).toBeUndefined();
  });

  test("the long OpenAPI document and an error answer are handled alike", async () => {
    const docs = await request(t.app, { method: "GET", url: "/api/docs/json", headers: { "accept-encoding": "gzip" } });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toMatchObject({ openapi: "3.1.0" });

    const missing = await request(t.app, {
      method: "GET",
      url: "/api/v1/nothing",
      headers: { "accept-encoding": "br" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
