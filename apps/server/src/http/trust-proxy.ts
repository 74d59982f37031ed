import { isIP } from "node:net";
import { z } from "zod";

/**
 * Which proxies in front of the server may say who the client is (`X-Forwarded-For`), decision 010. Never "every
 * proxy": then any client writes its own address into the header and walks past every limit counted per address.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** proxy-addr's names for address ranges, accepted as they are in a list. */
const rangeNames = new Set(["loopback", "linklocal", "uniquelocal"]);
const maxHops = 10;

const choices =
  'use "false" (no proxy: the connection\'s address), a hop count such as "1" (one proxy in front), or the proxies\' addresses or CIDR ranges, comma-separated, such as "10.0.0.0/8,192.168.1.10"';

function isAddressOrRange(entry: string): boolean {
  if (rangeNames.has(entry) || isIP(entry) !== 0) return true;
  const [address = "", prefix = "", ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  // A prefix of 0 is every address: the same as trusting any header.
  return Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as the environment gives it; refused with the choices named when it would trust anyone. */
export const trustProxySchema = z.string().transform((raw, context): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (value === "false" || value === "0") return false;
  if (value === "true") {
    context.addIssue({
      code: "custom",
      message: `"true" would believe any X-Forwarded-For header, so any client could choose its address; ${choices}`,
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= maxHops) return { hops };
    context.addIssue({ code: "custom", message: `a hop count is at most ${maxHops}; ${choices}` });
    return z.NEVER;
  }
  const proxies = value.split(",").map((entry) => entry.trim());
  const bad = proxies.filter((entry) => !isAddressOrRange(entry));
  if (bad.length === 0) return { proxies };
  context.addIssue({
    code: "custom",
    message: `${bad.map((entry) => `"${entry}"`).join(", ")} ${bad.length === 1 ? "is" : "are"} not an address or CIDR range; ${choices}`,
  });
  return z.NEVER;
});

/**
 * Fastify's `trustProxy` for our setting. A hop count becomes a function: Fastify (5.12.1 on) takes a bare number as
 * "trust nothing", because a count cannot tell a proxy from a client that connects directly. proxy-addr calls the
 * function with each address from the connection's (hop 0) back through X-Forwarded-For; the first untrusted one is
 * the client. So the count is only safe when the server cannot be reached but through those proxies; a list of the
 * proxies' addresses is safe anyway.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ("hops" in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.proxies;
}
