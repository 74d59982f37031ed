import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canAddDomain, isValidDomain, normalizeDomain, partitionDomains } from "./organization.js";

describe("isValidDomain", () => {
  it.each([
    ["example.com", true],
    ["EXAMPLE.COM", true],
    ["  acme.it  ", true],
    ["mail.acme-corp.co.uk", true],
    ["a1.b2.io", true],
    ["xn--bcher-kva.example", true],
    ["[192.168.0.1]", true],
    ["[255.255.255.255]", true],
    ["[0.0.0.0]", true],
    ["", false],
    ["   ", false],
    ["localhost", false],
    ["example", false],
    ["example.c", false],
    ["example.c0m", false],
    ["example.123", false],
    ["exa mple.com", false],
    ["exa_mple.com", false],
    ["example..com", false],
    [".example.com", false],
    ["example.com.", false],
    ["user@example.com", false],
    ["https://example.com", false],
    ["192.168.0.1", false],
    ["[192.168.0.256]", false],
    ["[192.168.0]", false],
    ["[::1]", false],
    [`${"a".repeat(250)}.com`, false],
  ])("%j is %s", (value, expected) => {
    expect(isValidDomain(value)).toBe(expected);
  });
});

describe("canAddDomain", () => {
  it.each<[string, string[], boolean]>([
    ["acme.com", [], true],
    ["", [], false],
    ["acme.com", ["acme.com"], false],
    ["ACME.com", ["acme.com"], false],
    ["acme.com", ["ACME.COM"], false],
    ["acme.org", ["acme.com"], true],
    ["not a domain", [], false],
    ["[10.0.0.1]", ["acme.com"], true],
  ])("%j added to %j: %s", (value, list, expected) => {
    expect(canAddDomain(value, list)).toBe(expected);
  });
});

describe("partitionDomains", () => {
  it("normalizes, removes duplicates and keeps the submitted order", () => {
    expect(partitionDomains(["B.com", "bad", "a.com", "b.COM", " bad "])).toEqual({
      valid: ["b.com", "a.com"],
      invalid: ["bad"],
    });
  });

  it("puts every submitted domain in exactly one of the two lists", () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (domains) => {
        const { valid, invalid } = partitionDomains(domains);
        const all = new Set(domains.map(normalizeDomain));
        expect(valid.length + invalid.length).toBe(all.size);
        for (const d of valid) expect(isValidDomain(d)).toBe(true);
        for (const d of invalid) expect(isValidDomain(d)).toBe(false);
      }),
    );
  });
});
