import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  formatRecoveryCode,
  lacksRequiredSecondFactor,
  mfaTicketMaxFailures,
  mfaTicketState,
  nextSignInState,
  normalizeRecoveryCode,
  recoveryCodeSchema,
  type SignInEvent,
  type SignInState,
  secondFactorCodeKind,
  secondFactorCodeSchema,
  secondFactorInputSchema,
  totpCodeSchema,
} from "./two-factor.js";

const password: SignInState = { step: "password" };
const secondFactor = (failures: number): SignInState => ({ step: "second-factor", failures });

describe("nextSignInState", () => {
  const passed = (secondFactor: boolean, enrolmentRequired: boolean): SignInEvent => ({
    type: "first-factor-passed",
    secondFactor,
    enrolmentRequired,
  });

  it.each<[string, SignInState, SignInEvent, SignInState]>([
    ["a password without two-factor signs in", password, passed(false, false), { step: "signed-in" }],
    ["a password with two-factor asks for the code", password, passed(true, false), secondFactor(0)],
    ["a second factor wins over the organization's requirement", password, passed(true, true), secondFactor(0)],
    [
      "a required second factor not yet set up sends to enrolment",
      password,
      passed(false, true),
      { step: "enrolment" },
    ],
    ["a right code signs in", secondFactor(2), { type: "code-accepted" }, { step: "signed-in" }],
    ["a wrong code counts", secondFactor(0), { type: "code-refused" }, secondFactor(1)],
    [
      "the fifth wrong code ends the ticket",
      secondFactor(mfaTicketMaxFailures - 1),
      { type: "code-refused" },
      { step: "ended", reason: "too-many-failures" },
    ],
    [
      "an expired ticket ends the step",
      secondFactor(0),
      { type: "ticket-ended", reason: "expired" },
      { step: "ended", reason: "expired" },
    ],
    [
      "a used ticket ends the step",
      secondFactor(1),
      { type: "ticket-ended", reason: "used" },
      { step: "ended", reason: "used" },
    ],
    ["enrolling lets the person in", { step: "enrolment" }, { type: "enrolled" }, { step: "signed-in" }],
    ["a code without a ticket changes nothing", password, { type: "code-accepted" }, password],
    ["enrolment cannot be skipped by a code", { step: "enrolment" }, { type: "code-accepted" }, { step: "enrolment" }],
    [
      "an ended sign-in stays ended",
      { step: "ended", reason: "used" },
      { type: "code-accepted" },
      { step: "ended", reason: "used" },
    ],
    ["signed in stays signed in", { step: "signed-in" }, { type: "code-refused" }, { step: "signed-in" }],
    ["starting again goes back to the password", { step: "ended", reason: "expired" }, { type: "restart" }, password],
    ["starting again leaves the code step", secondFactor(3), { type: "restart" }, password],
  ])("%s", (_name, state, event, expected) => {
    expect(nextSignInState(state, event)).toEqual(expected);
  });
});

describe("mfaTicketState", () => {
  const at = Date.UTC(2025, 5, 1, 9, 0, 0);
  it.each<[string, { expiresAt: number; usedAt: number | null; failures: number }, string]>([
    ["live within its five minutes", { expiresAt: at + 1, usedAt: null, failures: 0 }, "live"],
    ["expired at its end", { expiresAt: at, usedAt: null, failures: 0 }, "expired"],
    ["used once", { expiresAt: at + 60_000, usedAt: at - 1, failures: 0 }, "used"],
    ["live with four wrong codes", { expiresAt: at + 60_000, usedAt: null, failures: 4 }, "live"],
    ["ended by five wrong codes", { expiresAt: at + 60_000, usedAt: null, failures: 5 }, "too-many-failures"],
    ["used wins over expired", { expiresAt: at - 1, usedAt: at - 2, failures: 0 }, "used"],
  ])("%s", (_name, ticket, expected) => {
    expect(mfaTicketState(ticket, at)).toBe(expected);
  });
});

describe("totpCodeSchema", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    [" 000000 ", "000000"],
  ])("accepts %j as %j", (input, expected) => {
    expect(totpCodeSchema.parse(input)).toBe(expected);
  });

  it.each(["12345", "1234567", "12345a", "", "１２３４５６", "abcde-12345"])("refuses %j", (input) => {
    const result = totpCodeSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/6 digits/);
  });
});

describe("recoveryCodeSchema", () => {
  it.each([
    ["abcde-12345", "abcde12345"],
    ["ABCDE-12345", "abcde12345"],
    ["abcde 12345", "abcde12345"],
    ["abcde12345", "abcde12345"],
  ])("accepts %j as %j", (input, expected) => {
    expect(recoveryCodeSchema.parse(input)).toBe(expected);
  });

  it.each(["abcde-1234", "abcde-123456", "abcdi-12345", "abcdu-12345", "123456"])("refuses %j", (input) => {
    expect(recoveryCodeSchema.safeParse(input).success).toBe(false);
  });

  it("writes a stored code back in two groups", () => {
    expect(formatRecoveryCode(normalizeRecoveryCode("ABCDE 12345"))).toBe("abcde-12345");
  });
});

describe("the second step's code", () => {
  it.each([
    ["123456", "totp"],
    ["123 456", "totp"],
    ["abcde-12345", "recovery_code"],
    ["Abcde12345", "recovery_code"],
    ["12345", null],
    ["hello", null],
  ])("%j is %s", (input, kind) => {
    expect(secondFactorCodeKind(input)).toBe(kind);
  });

  it("names the code when it is neither", () => {
    const result = secondFactorInputSchema.safeParse({ ticket: "t", code: "12" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["code"]);
  });

  it("requires the ticket", () => {
    const result = secondFactorInputSchema.safeParse({ code: "123456" });
    expect(result.error?.issues[0]?.path).toEqual(["ticket"]);
  });
});

describe("lacksRequiredSecondFactor", () => {
  it.each([
    [false, 0, false],
    [false, 2, false],
    [true, 0, true],
    [true, 1, false],
    [true, 3, false],
  ])("required %s, %i second factors: lacks one %s", (required, factors, lacks) => {
    expect(lacksRequiredSecondFactor(required, factors)).toBe(lacks);
  });
});

describe("the second-step code's pattern in the document", () => {
  const pattern = new RegExp((z.toJSONSchema(secondFactorCodeSchema) as { pattern: string }).pattern);
  it.each([
    "123456",
    "123 456",
    " 1 2 3 4 5 6 ",
    "abcde-12345",
    "ABCDE 12345",
    "abcde12345",
    "12345",
    "1234567",
    "abcde-1234",
    "abcdi-12345",
    "abcde-12345x",
    "",
    "abcde-123456",
    "12a456",
  ])("agrees with the server's rule on %j", (code) => {
    expect(pattern.test(code)).toBe(secondFactorCodeKind(code) !== null);
  });
});
