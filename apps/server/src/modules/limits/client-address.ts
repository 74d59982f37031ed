import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a limit counts a client address under. An IPv6 client is usually given a whole /64 and can take a new
 * address from it for every request, so IPv6 addresses count by their /64; an IPv4 address written as IPv6
 * (`::ffff:203.0.113.9`) counts as the IPv4 address it is.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [bare = ""] = address.toLowerCase().split("%");
  const [head = "", tail] = bare.split("::");
  const headGroups = head ? head.split(":") : [];
  // An embedded IPv4 tail (64:ff9b::198.51.100.1) lies in the last 32 bits, past the /64 kept here.
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill("0");
  const prefix = [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
