import { clientAddressKey } from "./client-address.js";
import type { LimitRule } from "./limits.service.js";

/**
 * E-mails a person can make the server send (recovery links, verification links), decision 010: at most 3 an hour to
 * one address, so nobody's mailbox can be flooded, and 20 an hour asked from one client address, so one client cannot
 * flood many. Every such route counts under both, the address first.
 */
export const mailAddressRule: LimitRule = { scope: "mail:address", limit: 3, windowSeconds: 3600 };
export const mailClientRule: LimitRule = { scope: "mail:client", limit: 20, windowSeconds: 3600 };

export const mailLimitChecks = ({ email, ip }: { email: string; ip: string }) => [
  { rule: mailAddressRule, subject: email },
  { rule: mailClientRule, subject: clientAddressKey(ip) },
];
