import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

/**
 * The sender of requests to addresses people type in (webhooks; decision 030 "SSRF"). A URL's host is resolved when
 * the request is made, every address it resolves to is checked, and the connection goes to the checked address itself
 * (the request's `lookup` answers it), so a name that resolves to a public address for the check and to a private one
 * a moment later (DNS rebinding) still cannot reach inside the network. IP literals are read by WHATWG URL first, which
 * turns every form it accepts (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`, `[::ffff:7f00:1]`) into one canonical
 * address. Redirects are never followed.
 */

/** Answers every address of a host name, as `dns.lookup(name, { all: true })` does. */
export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeHttpOptions {
  /** Private, loopback, link-local and the other inner addresses are allowed (tests with local receivers only). */
  allowPrivate: boolean;
  allowedPorts: readonly number[];
  /** The whole attempt, connection and the answer's first bytes included. */
  timeoutMs: number;
  /** How many bytes of the answer to keep. */
  maxResponseBytes: number;
  /** The resolver; `dns.lookup` when absent (tests inject one). */
  lookup?: LookupAll;
}

export interface SafeHttpResult {
  /** The answer's status; null when none came (refused address, timeout, connection error). */
  statusCode: number | null;
  /** The first `maxResponseBytes` bytes of the answer, as text. */
  responseExcerpt: string;
  durationMs: number;
  /** Why no answer came, or null. */
  error: string | null;
}

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Cidr4 = readonly [number, number];

/** IPv4 blocks refused (RFC 6890 and its updates): nothing in them is an outside receiver. */
const forbiddenV4: ReadonlyArray<readonly [string, number, string]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmark"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function v4ToNumber(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

const forbiddenV4Blocks: ReadonlyArray<{ range: Cidr4; reason: string }> = forbiddenV4.map(([base, bits, reason]) => ({
  range: [v4ToNumber(base), bits] as const,
  reason,
}));

function v4Problem(value: number): string | null {
  for (const { range, reason } of forbiddenV4Blocks) {
    const [base, bits] = range;
    const size = 2 ** (32 - bits);
    if (value >= base && value < base + size) return reason;
  }
  return null;
}

/** The 128 bits of an IPv6 address in its 8 groups; `a.b.c.d` at its end is read as the last two groups. */
function v6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1] as string) !== 4) return null;
    const v4 = v4ToNumber(tail[1] as string);
    text = `${text.slice(0, -(tail[1] as string).length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest].map((g) =>
    /^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN,
  );
  return groups.some(Number.isNaN) ? null : groups;
}

function v4Of(high: number, low: number): number {
  return high * 65536 + low;
}

function v4Text(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join(".");
}

/**
 * Why an IPv6 address is refused, or null. Only global unicast (2000::/3) is accepted, less the blocks inside it that
 * are not a receiver (documentation, benchmark, Teredo) and the ones that carry an IPv4 address (6to4), which are
 * judged by that address; outside 2000::/3, the forms that carry an IPv4 address (mapped, compatible, translated,
 * NAT64) are judged by it too, so `::ffff:8.8.8.8` is as good as `8.8.8.8` and `::ffff:127.0.0.1` as bad as loopback.
 */
function v6Problem(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embedded = (value: number, form: string) => {
    const problem = v4Problem(value);
    return problem ? `${problem} (${form} of ${v4Text(value)})` : null;
  };
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(8)) return "unspecified";
  if (zeroTo(7) && g7 === 1) return "loopback";
  if (zeroTo(5) && g5 === 0xffff) return embedded(v4Of(g6, g7), "IPv4-mapped");
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return embedded(v4Of(g6, g7), "IPv4-translated");
  if (zeroTo(6)) return embedded(v4Of(g6, g7), "IPv4-compatible");
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return embedded(v4Of(g6, g7), "NAT64");
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "local NAT64";
  if (g0 === 0x2002) return embedded(v4Of(g1, g2), "6to4");
  if (g0 === 0x2001 && g1 === 0) return "Teredo";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  if (g0 === 0x2001 && g1 === 0x0002 && g2 === 0) return "benchmark";
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x0010) return "reserved";
  if (g0 === 0x2001 && (g1 & 0xfff0) === 0x0020) return "reserved";
  if ((g0 & 0xfff0) === 0x3ff0) return "documentation";
  if ((g0 & 0xfe00) === 0xfc00) return "unique local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if ((g0 & 0xe000) !== 0x2000) return "reserved";
  return null;
}

/** Why `address` (an IPv4 or IPv6 address, without brackets) may not be sent to, or null when it may. */
export function forbiddenAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return v4Problem(v4ToNumber(address));
  if (family === 6) {
    const groups = v6Groups(address);
    return groups ? v6Problem(groups) : "not an address";
  }
  return "not an address";
}

function failure(started: number, error: string): SafeHttpResult {
  return { statusCode: null, responseExcerpt: "", durationMs: Math.round(performance.now() - started), error };
}

/**
 * POSTs `body` to `url` under the rules above, and answers what came back; it never throws. A 3xx is answered as it
 * came (its `Location` not followed): the caller decides it is a failure.
 */
export async function safePost(
  url: string,
  request: { headers: Record<string, string>; body: string },
  options: SafeHttpOptions,
): Promise<SafeHttpResult> {
  const started = performance.now();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return failure(started, "The url is not a valid address");
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    return failure(started, "Only http and https urls are sent to");
  }
  if (parsed.username || parsed.password) return failure(started, "The url must not carry a user name or password");
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === "https:" ? 443 : 80;
  if (!options.allowedPorts.includes(port)) {
    return failure(started, `Port ${port} is not allowed (allowed: ${options.allowedPorts.join(", ")})`);
  }
  const hostname = parsed.hostname.startsWith("[") ? parsed.hostname.slice(1, -1) : parsed.hostname;

  const deadline = AbortSignal.timeout(options.timeoutMs);
  let addresses: LookupAddress[];
  const literal = isIP(hostname);
  if (literal) {
    addresses = [{ address: hostname, family: literal }];
  } else {
    try {
      const lookup = options.lookup ?? defaultLookup;
      addresses = await Promise.race([
        lookup(hostname),
        new Promise<never>((_, reject) =>
          deadline.addEventListener("abort", () => reject(new Error("timeout")), { once: true }),
        ),
      ]);
    } catch (error) {
      if (deadline.aborted) return failure(started, `Timed out after ${options.timeoutMs} ms`);
      return failure(started, `The host ${hostname} could not be resolved (${(error as Error).message})`);
    }
    if (addresses.length === 0) return failure(started, `The host ${hostname} could not be resolved`);
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenAddressReason(address);
      if (reason) return failure(started, `Refused address ${address}: ${reason}`);
    }
  }
  const pinned = addresses[0] as LookupAddress;

  return new Promise<SafeHttpResult>((resolve) => {
    let settled = false;
    const settle = (result: SafeHttpResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const client = parsed.protocol === "https:" ? https : http;
    const req = client.request(
      {
        method: "POST",
        protocol: parsed.protocol,
        hostname,
        port,
        path: `${parsed.pathname}${parsed.search}`,
        headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
        // A fresh connection each time, to the checked address: a pooled socket could be to another one.
        agent: false,
        signal: deadline,
        lookup: ((_name: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (lookupOptions.all) callback(null, [pinned]);
          else callback(null, pinned.address, pinned.family);
        }) as unknown as http.RequestOptions["lookup"],
        ...(literal ? {} : { servername: hostname }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = (error: string | null) => {
          const excerpt = Buffer.concat(chunks).subarray(0, options.maxResponseBytes).toString("utf8");
          settle({
            statusCode: res.statusCode ?? null,
            responseExcerpt: excerpt,
            durationMs: Math.round(performance.now() - started),
            error,
          });
          res.destroy();
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= options.maxResponseBytes) done(null);
        });
        res.on("end", () => done(null));
        // An answer that stops coming is not an answer: the attempt failed, and is retried.
        const cutOff = () =>
          done(
            deadline.aborted ? `Timed out after ${options.timeoutMs} ms reading the answer` : "The answer was cut off",
          );
        res.on("error", cutOff);
        res.on("close", cutOff);
      },
    );
    req.on("error", (error) => {
      settle(
        deadline.aborted
          ? failure(started, `Timed out after ${options.timeoutMs} ms`)
          : failure(started, `Connection failed: ${error.message}`),
      );
    });
    req.end(request.body);
  });
}
