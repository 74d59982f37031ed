import { describe, expect, it } from "vitest";
import { clientAddressKey } from "./client-address.js";

describe("clientAddressKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:203.0.113.9", "203.0.113.9"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:db8:85a3:08d3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::/64"],
    ["2001:DB8:85A3:8D3::1", "2001:db8:85a3:8d3::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:1::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it("puts every address of one /64 under one key and the next /64 under another", () => {
    expect(clientAddressKey("2001:db8:1:2:aaaa::1")).toBe(clientAddressKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(clientAddressKey("2001:db8:1:2::1"));
  });
});
