import { describe, expect, test } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { fastifyTrustProxy } from "./trust-proxy.js";

const load = (TRUST_PROXY?: string) =>
  loadConfig({ AUTH_SECRET: "s".repeat(40), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxy;

const problems = (TRUST_PROXY: string) => {
  try {
    load(TRUST_PROXY);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join("\n");
    throw error;
  }
  throw new Error(`TRUST_PROXY=${TRUST_PROXY} was accepted`);
};

describe("TRUST_PROXY", () => {
  test.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["1", { hops: 1 }],
    [" 2 ", { hops: 2 }],
    ["10.0.0.0/8", { proxies: ["10.0.0.0/8"] }],
    ["10.0.0.0/8, 192.168.1.10,fd00::/8", { proxies: ["10.0.0.0/8", "192.168.1.10", "fd00::/8"] }],
    ["loopback,uniquelocal", { proxies: ["loopback", "uniquelocal"] }],
  ])("%j is %j", (value, expected) => {
    expect(load(value)).toEqual(expected);
  });

  test("refuses true at start, naming the choices", () => {
    const said = problems("true");
    expect(said).toContain('TRUST_PROXY: "true" would believe any X-Forwarded-For header');
    expect(said).toContain('use "false"');
    expect(said).toContain("a hop count");
    expect(said).toContain("CIDR ranges");
  });

  test.each([
    ["11", "a hop count is at most 10"],
    ["10.0.0.0/33", '"10.0.0.0/33" is not an address or CIDR range'],
    ["0.0.0.0/0", '"0.0.0.0/0" is not an address or CIDR range'],
    ["::/0", '"::/0" is not an address or CIDR range'],
    ["10.0.0.1,proxy.internal", '"proxy.internal" is not an address or CIDR range'],
    ["10.0.0.1,", '"" is not an address or CIDR range'],
    ["10.0.0.0/ 8", '"10.0.0.0/ 8" is not an address or CIDR range'],
  ])("refuses %j: %s", (value, message) => {
    expect(problems(value)).toContain(message);
  });

  test("hands Fastify a trust function for a hop count: Fastify takes a bare number as trusting nothing", () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    expect(typeof trust).toBe("function");
    if (typeof trust !== "function") return;
    expect([0, 1, 2].map((hop) => trust("203.0.113.9", hop))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy({ proxies: ["10.0.0.0/8"] })).toEqual(["10.0.0.0/8"]);
  });
});
