import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { forbiddenAddressReason, type LookupAll, type SafeHttpOptions, safePost } from "./safe-http.js";

interface Listener {
  server: Server;
  port: number;
  received: Array<{ url: string; host: string | undefined; body: string }>;
}

async function listen(
  answer: (req: IncomingMessage, res: import("node:http").ServerResponse) => void,
): Promise<Listener> {
  const received: Listener["received"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      received.push({ url: req.url ?? "", host: req.headers.host, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

let target: Listener;
let redirector: Listener;

beforeAll(async () => {
  target = await listen((_req, res) => res.writeHead(200).end("reached"));
  redirector = await listen((_req, res) =>
    res.writeHead(302, { Location: `http://127.0.0.1:${target.port}/metadata` }).end(),
  );
});
afterAll(async () => {
  await new Promise((resolve) => target.server.close(resolve));
  await new Promise((resolve) => redirector.server.close(resolve));
});
beforeEach(() => {
  target.received.length = 0;
  redirector.received.length = 0;
});

function options(overrides: Partial<SafeHttpOptions> = {}): SafeHttpOptions {
  return {
    allowPrivate: false,
    allowedPorts: [80, 443, target.port, redirector.port],
    timeoutMs: 2000,
    maxResponseBytes: 1024,
    ...overrides,
  };
}

const post = (url: string, overrides: Partial<SafeHttpOptions> = {}) =>
  safePost(url, { headers: { "Content-Type": "application/json" }, body: "{}" }, options(overrides));

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["198.18.0.1", "benchmark"],
    ["198.19.255.255", "benchmark"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "documentation"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback (IPv4-mapped of 127.0.0.1)"],
    ["::ffff:7f00:1", "loopback (IPv4-mapped of 127.0.0.1)"],
    ["::ffff:a9fe:a9fe", "link-local (IPv4-mapped of 169.254.169.254)"],
    ["::127.0.0.1", "loopback (IPv4-compatible of 127.0.0.1)"],
    ["::ffff:0:10.0.0.1", "private (IPv4-translated of 10.0.0.1)"],
    ["64:ff9b::a00:1", "private (NAT64 of 10.0.0.1)"],
    ["64:ff9b::127.0.0.1", "loopback (NAT64 of 127.0.0.1)"],
    ["64:ff9b:1::1", "local NAT64"],
    ["2002:7f00:1::", "loopback (6to4 of 127.0.0.1)"],
    ["2002:a9fe:a9fe::1", "link-local (6to4 of 169.254.169.254)"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:db8::1", "documentation"],
    ["fec0::1", "site-local"],
    ["100::1", "reserved"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each([
    "8.8.8.8",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("accepts the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe("safePost", () => {
  const privateName: LookupAll = async () => [{ address: "10.0.0.7", family: 4 }];
  const mixedName: LookupAll = async () => [
    { address: "93.184.216.34", family: 4 },
    { address: "127.0.0.1", family: 4 },
  ];
  const loopbackName: LookupAll = async () => [{ address: "127.0.0.1", family: 4 }];

  // Every form names the local listener's address (or another inner one) and must never reach it.
  const forms = (port: number): Array<[string, LookupAll | undefined]> => [
    [`http://127.0.0.1:${port}/`, undefined],
    [`http://2130706433:${port}/`, undefined],
    [`http://0177.0.0.1:${port}/`, undefined],
    [`http://0x7f.0.0.1:${port}/`, undefined],
    [`http://0x7f000001:${port}/`, undefined],
    [`http://017700000001:${port}/`, undefined],
    [`http://127.1:${port}/`, undefined],
    [`http://127.0.1:${port}/`, undefined],
    [`http://0:${port}/`, undefined],
    [`http://0.0.0.0:${port}/`, undefined],
    [`http://[::1]:${port}/`, undefined],
    [`http://[::]:${port}/`, undefined],
    [`http://[::ffff:127.0.0.1]:${port}/`, undefined],
    [`http://[::ffff:7f00:1]:${port}/`, undefined],
    [`http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, undefined],
    [`http://[::127.0.0.1]:${port}/`, undefined],
    [`http://[64:ff9b::7f00:1]:${port}/`, undefined],
    [`http://[64:ff9b::a00:1]:${port}/`, undefined],
    [`http://[2002:7f00:1::]:${port}/`, undefined],
    [`http://[fe80::1]:${port}/`, undefined],
    [`http://[fc00::1]:${port}/`, undefined],
    [`http://[ff02::1]:${port}/`, undefined],
    [`http://10.0.0.1:${port}/`, undefined],
    [`http://172.16.0.1:${port}/`, undefined],
    [`http://192.168.1.1:${port}/`, undefined],
    [`http://169.254.169.254:${port}/latest/meta-data/`, undefined],
    [`http://100.64.0.1:${port}/`, undefined],
    [`http://198.18.0.1:${port}/`, undefined],
    [`http://224.0.0.1:${port}/`, undefined],
    [`http://255.255.255.255:${port}/`, undefined],
    [`http://localhost:${port}/`, undefined],
    [`http://internal.example.test:${port}/`, privateName],
    [`http://rebinding.example.test:${port}/`, mixedName],
    [`http://loopback.example.test:${port}/`, loopbackName],
    [`https://127.0.0.1:${port}/`, undefined],
  ];

  it("refuses every inner address form, and the local listener receives nothing", async () => {
    const tried = forms(target.port);
    expect(tried.length).toBeGreaterThanOrEqual(30);
    for (const [url, lookup] of tried) {
      const result = await post(url, lookup ? { lookup } : {});
      expect(result.statusCode, url).toBeNull();
      expect(result.error, url).toMatch(/^Refused address /);
    }
    expect(target.received).toEqual([]);
  });

  it("refuses a port that is not allowed before resolving anything", async () => {
    let resolved = false;
    const result = await post("http://receiver.example.test:22/", {
      lookup: async () => {
        resolved = true;
        return [{ address: "93.184.216.34", family: 4 }];
      },
    });
    expect(result.error).toMatch(/Port 22 is not allowed/);
    expect(resolved).toBe(false);
  });

  it("does not follow a redirect, even to an address it could reach", async () => {
    const result = await post(`http://127.0.0.1:${redirector.port}/hook`, { allowPrivate: true });
    expect(result.statusCode).toBe(302);
    expect(redirector.received).toHaveLength(1);
    expect(target.received).toEqual([]);
  });

  it("connects to the address it checked, with the url's host in the Host header", async () => {
    let lookups = 0;
    const result = await post(`http://receiver.example.test:${target.port}/hook?x=1`, {
      allowPrivate: true,
      lookup: async () => {
        lookups += 1;
        return [{ address: "127.0.0.1", family: 4 }];
      },
    });
    expect(result).toMatchObject({ statusCode: 200, responseExcerpt: "reached", error: null });
    expect(lookups).toBe(1);
    expect(target.received).toEqual([{ url: "/hook?x=1", host: `receiver.example.test:${target.port}`, body: "{}" }]);
  });

  it("gives up on a receiver slower than the timeout", async () => {
    const slow = await listen((_req, res) => {
      setTimeout(() => res.writeHead(200).end("late"), 1500);
    });
    try {
      const result = await post(`http://127.0.0.1:${slow.port}/`, {
        allowPrivate: true,
        allowedPorts: [slow.port],
        timeoutMs: 300,
      });
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/Timed out after 300 ms/);
      expect(result.durationMs).toBeLessThan(1400);
    } finally {
      slow.server.closeAllConnections();
      await new Promise((resolve) => slow.server.close(resolve));
    }
  });

  it("keeps only the first bytes of a long answer", async () => {
    const long = await listen((_req, res) => res.writeHead(500).end("x".repeat(5000)));
    try {
      const result = await post(`http://127.0.0.1:${long.port}/`, { allowPrivate: true, allowedPorts: [long.port] });
      expect(result.statusCode).toBe(500);
      expect(result.responseExcerpt).toHaveLength(1024);
    } finally {
      await new Promise((resolve) => long.server.close(resolve));
    }
  });
});
