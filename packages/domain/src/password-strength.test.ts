import { describe, expect, it } from "vitest";
import { z } from "zod";
import { passwordSchema } from "./auth.js";
import {
  minimumPasswordScore,
  passwordStrength,
  passwordWeaknessReason,
  personalWords,
  strongPasswordSchema,
  withPasswordRule,
} from "./password-strength.js";

const nina = { email: "nina.rossi@posta.it", nominative: "Nina Rossi" };

describe("passwordStrength", () => {
  it.each([
    ["the most used password", "password", {}, false, "topTen"],
    ["a run of digits", "12345678", {}, false, "topTen"],
    ["a keyboard row", "qwertyuiop", {}, false, "topHundred"],
    ["a common password with digits", "password123", {}, false, "common"],
    ["the person's e-mail", "nina.rossi@posta.it", nina, false, "userInputs"],
    ["the person's name run together", "NinaRossi", nina, false, "userInputs"],
    ["the person's name and a year", "ninarossi1990", nina, false, "userInputs"],
    ["the person's surname and a year", "Rossi2024!", nina, false, "userInputs"],
    ["an Italian common word", "buongiorno", {}, false, null],
    ["another Italian common word", "arrivederci", {}, false, null],
    ["a repeated character", "pppppppppppp", {}, false, "simpleRepeat"],
    ["an English passphrase", "violet sunset over the pier", nina, true, null],
    ["an Italian passphrase", "Tramonto viola sul molo 42", nina, true, null],
  ] as const)("%s (%s) → acceptable %s, warning %s", (_label, password, owner, acceptable, warning) => {
    const strength = passwordStrength(password, owner);
    expect(strength.acceptable).toBe(acceptable);
    expect(strength.score >= minimumPasswordScore).toBe(acceptable);
    expect(strength.warning).toBe(warning);
  });

  it("refuses the name only when it is the owner's", () => {
    expect(passwordStrength("Rossi2024!", nina).acceptable).toBe(false);
    expect(passwordStrength("Rossi2024!", { email: "ada@posta.it", nominative: "Ada" }).warning).not.toBe("userInputs");
  });
});

describe("personalWords", () => {
  it("splits an e-mail and a name into the words a guesser would try, without the provider's", () => {
    expect(personalWords({ email: "Nina.Rossi@gmail.com", nominative: "Nina  Rossi" }).sort()).toEqual(
      ["nina", "nina  rossi", "nina.rossi", "nina.rossi@gmail.com", "ninarossi", "rossi"].sort(),
    );
  });
});

describe("passwordWeaknessReason", () => {
  it.each([
    ["password", {}, "en", "This is a heavily used password. Add more words that are less common."],
    ["password", {}, "it", "Questa è una password molto usata. Aggiungi un maggior numero di parole meno comuni."],
    ["NinaRossi", nina, "en", "It contains your name or e-mail address. Add more words that are less common."],
    [
      "NinaRossi",
      nina,
      "it",
      "Contiene il tuo nome o il tuo indirizzo e-mail. Aggiungi un maggior numero di parole meno comuni.",
    ],
    ["buongiorno", {}, "it", "È troppo facile da indovinare. Aggiungi un maggior numero di parole meno comuni."],
    ["violet sunset over the pier", {}, "en", null],
  ] as const)("%s → in %s: %s", (password, owner, language, reason) => {
    expect(passwordWeaknessReason(passwordStrength(password, owner), language)).toBe(reason);
  });
});

describe("strongPasswordSchema", () => {
  it.each([
    ["short", "Password must be at least 8 characters"],
    ["x".repeat(257), "Password must be at most 256 characters"],
    [
      "12345678",
      "Password is too easy to guess: This is a heavily used password. Add more words that are less common.",
    ],
  ])("refuses %s saying why", (password, message) => {
    const result = strongPasswordSchema.safeParse(password);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("accepts a strong passphrase", () => {
    expect(strongPasswordSchema.safeParse("violet sunset over the pier").success).toBe(true);
  });
});

describe("withPasswordRule", () => {
  const schema = withPasswordRule(
    z.object({ email: z.string(), nominative: z.string().optional(), password: z.string().optional() }),
  );

  it.each([
    ["the e-mail as password", { email: "nina.rossi@posta.it", password: "nina.rossi@posta.it" }, false],
    ["the name as password", { ...nina, password: "NinaRossi" }, false],
    ["a common password", { ...nina, password: "password123" }, false],
    ["a passphrase", { ...nina, password: "violet sunset over the pier" }, true],
    ["no password at all", { ...nina }, true],
  ])("%s → valid %s, the issue naming the password", (_label, input, valid) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error?.issues.map((issue) => issue.path)).toEqual([["password"]]);
  });
});

describe("withPasswordRule on a body whose fields failed their own checks", () => {
  const schema = withPasswordRule(z.object({ email: z.string(), password: passwordSchema.optional() }));

  it.each([
    [
      "a short password: only the length is said",
      { email: "a@b.it", password: "short" },
      ["Password must be at least 8 characters"],
    ],
    [
      "a password that is not text",
      { email: "a@b.it", password: ["x"] },
      ["Invalid input: expected string, received array"],
    ],
    [
      "an e-mail that is not text",
      { email: 42, password: "violet sunset over the pier" },
      ["Invalid input: expected string, received number"],
    ],
  ])("%s", (_label, input, messages) => {
    const said = schema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(said).toEqual(expect.arrayContaining(messages));
    expect(said?.some((message) => message.startsWith("Password is too easy"))).toBe(false);
  });
});

describe("the cost of an estimate", () => {
  // Before the estimate was bounded, each of these held the event loop for seconds.
  it.each([
    ["repeated l33t", "p@55w0rd".repeat(32)],
    ["repeated digits", "1234567890".repeat(26).slice(0, 256)],
    ["mixed symbols", "Tr0ub4dour&3".repeat(22).slice(0, 256)],
    ["an e-mail over and over", "nina.rossi@posta.it".repeat(14).slice(0, 256)],
  ])("%s of 256 characters is measured in well under a second", (_label, password) => {
    passwordStrength("warm-up");
    const started = Date.now();
    passwordStrength(password, nina);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("judges a long password by its first characters", () => {
    expect(passwordStrength(`violet sunset over the pier ${"a".repeat(200)}`).acceptable).toBe(true);
    expect(passwordStrength(`${"password".repeat(8)}violet sunset over the pier`).acceptable).toBe(false);
  });
});
