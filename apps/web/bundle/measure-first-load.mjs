// What a browser fetches for a page of a running Timetrap, by kind, as it travels (compressed) and as files.
//
//   node apps/web/bundle/measure-first-load.mjs http://127.0.0.1:3000/login [gzip|br]
//
// Headless Chromium (/usr/bin/chromium) with a fresh profile, the service worker blocked (its precache is fetched
// after the page and is not the page's), Accept-Encoding limited to the coding given (gzip by default: the bundle
// budget's measure). It waits until the network has been idle for a second, then prints each response and the totals.
import { chromium } from "playwright-core";

const url = process.argv[2];
const coding = process.argv[3] ?? "gzip";
if (!url) {
  console.error("usage: node apps/web/bundle/measure-first-load.mjs <url> [gzip|br]");
  process.exit(2);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
});
try {
  const context = await browser.newContext({
    serviceWorkers: "block",
    extraHTTPHeaders: { "accept-encoding": coding },
  });
  const page = await context.newPage();
  const responses = [];
  page.on("requestfinished", async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    const headers = await response.allHeaders();
    responses.push({
      url: new URL(request.url()).pathname,
      kind: request.resourceType(),
      encoding: headers["content-encoding"] ?? "identity",
      transferred: sizes.responseBodySize,
      file: Number(headers["x-uncompressed-length"] ?? 0) || (await response.body().then((body) => body.length)),
    });
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  const drawnIn = Date.now() - started;
  const kinds = new Map();
  for (const response of responses.sort((a, b) => b.transferred - a.transferred)) {
    console.log(
      `${(response.transferred / 1024).toFixed(1).padStart(8)} KB ${response.encoding.padEnd(8)} ${(response.file / 1024).toFixed(1).padStart(8)} KB  ${response.kind.padEnd(10)} ${response.url}`,
    );
    const total = kinds.get(response.kind) ?? { count: 0, transferred: 0, file: 0 };
    total.count += 1;
    total.transferred += response.transferred;
    total.file += response.file;
    kinds.set(response.kind, total);
  }
  console.log(`\n${url} (Accept-Encoding: ${coding}), idle after ${drawnIn} ms`);
  let all = 0;
  for (const [kind, total] of kinds) {
    all += total.transferred;
    console.log(
      `${kind.padEnd(10)} ${String(total.count).padStart(3)} responses ${(total.transferred / 1024).toFixed(1).padStart(8)} KB transferred, ${(total.file / 1024).toFixed(1).padStart(8)} KB as files`,
    );
  }
  console.log(
    `${"all".padEnd(10)} ${String(responses.length).padStart(3)} responses ${(all / 1024).toFixed(1).padStart(8)} KB`,
  );
} finally {
  await browser.close();
}
