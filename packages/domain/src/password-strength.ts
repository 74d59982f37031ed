import { type FeedbackType, type TranslationKeys, ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import * as italian from "@zxcvbn-ts/language-it";
import type { z } from "zod";
import { passwordSchema } from "./auth.js";
import type { Language } from "./languages.js";

/**
 * The password rule (decision 010): 8 to 256 characters (`passwordSchema`) and a zxcvbn score of at least 3, with the
 * person's name and e-mail as words an attacker would try first. This module carries megabytes of dictionaries, so it
 * is its own entry point (`@timetrap/domain/password-strength`): the web loads it lazily, only on the screens where a
 * password is chosen.
 */
export const minimumPasswordScore = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export type PasswordWarning = keyof TranslationKeys["warnings"];
export type PasswordSuggestion = keyof TranslationKeys["suggestions"];

export interface PasswordStrength {
  score: PasswordScore;
  acceptable: boolean;
  /** Why it is weak, as a key of zxcvbn's feedback; null when zxcvbn names no single reason. */
  warning: PasswordWarning | null;
  suggestions: PasswordSuggestion[];
}

/** Who is choosing the password: their name and e-mail are the first guesses of anyone who knows them. */
export interface PasswordOwner {
  email?: string | undefined;
  nominative?: string | undefined;
}

// The Italian package still names its lists as zxcvbn-ts 3 did; a suffix keeps them apart from the English ones.
const italianDictionary = Object.fromEntries(
  Object.entries(italian.dictionary).map(([name, words]) => [`${name}-it`, words]),
);

/** Only the first characters are measured: see `estimator`. */
export const measuredLength = 64;

let factory: ZxcvbnFactory | undefined;
// Ranking the dictionaries takes a moment: done at the first check, not when the module loads.
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    // No translations: the feedback comes back as keys, put into words per language by `passwordWeaknessReason`.
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary, ...italianDictionary },
    // The estimate's cost grows steeply with length and with l33t substitutions: at zxcvbn's defaults (256
    // characters, 100 substitutions) a crafted password held the server's event loop for 4 to 7 seconds. The first
    // 64 characters with up to 6 substitutions cost tens of milliseconds, and a password strong in its first 64
    // characters is strong.
    maxLength: measuredLength,
    l33tMaxSubstitutions: 6,
  });
  return factory;
}

/** The words of a name and an e-mail address, whole and in parts ("nina.rossi@posta.it" → nina, rossi, posta). */
export function personalWords({ email, nominative }: PasswordOwner): string[] {
  const words = new Set<string>();
  for (const text of [email, nominative]) {
    // Fields that failed their own check may hold anything.
    if (typeof text !== "string" || !text) continue;
    const whole = text.trim().toLowerCase();
    if (whole) words.add(whole);
    const [local = ""] = whole.split("@");
    const parts = local.split(/[^\p{L}\p{N}]+/u);
    // "Nina Rossi" and "nina.rossi@…" are also typed run together: "ninarossi".
    for (const word of [local, parts.join(""), ...parts]) if (word.length >= 3) words.add(word);
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  // The top-level domain and the provider are everyone's: they say nothing about the person.
  for (const shared of ["com", "org", "net", "gmail", "yahoo", "hotmail", "outlook", "libero", "example"]) {
    words.delete(shared);
  }
  return [...words];
}

export function passwordStrength(password: string, owner: PasswordOwner = {}): PasswordStrength {
  const result = estimator().check(password, personalWords(owner));
  const score = result.score as PasswordScore;
  const feedback: FeedbackType = result.feedback;
  const acceptable = score >= minimumPasswordScore;
  // zxcvbn names the personal data only when it is the whole password; when it is a part of a weak one, it is still
  // the most useful thing to say.
  const personal = result.sequence.some((match) => match.dictionaryName === "userInputs");
  const warning = (acceptable ? null : personal ? "userInputs" : feedback.warning) as PasswordWarning | null;
  return { score, acceptable, warning, suggestions: feedback.suggestions as PasswordSuggestion[] };
}

const ownWarnings: Record<Language, Partial<Record<PasswordWarning, string>>> = {
  en: { userInputs: "It contains your name or e-mail address." },
  it: { userInputs: "Contiene il tuo nome o il tuo indirizzo e-mail." },
};
const tooEasy: Record<Language, string> = {
  en: "It is too easy to guess.",
  it: "È troppo facile da indovinare.",
};
const translations: Record<Language, TranslationKeys> = {
  en: english.translations,
  it: italian.translations as TranslationKeys,
};

/** Why a password is refused, in the person's language; null for an acceptable one. */
export function passwordWeaknessReason(strength: PasswordStrength, language: Language): string | null {
  if (strength.acceptable) return null;
  const { warning, suggestions } = strength;
  const said = warning
    ? (ownWarnings[language][warning] ?? translations[language].warnings[warning])
    : tooEasy[language];
  const [first] = suggestions;
  return first ? `${said} ${translations[language].suggestions[first]}` : said;
}

/** The server's message, in English as every API message: the web shows the reason in the person's language. */
export const weakPasswordMessage = (strength: PasswordStrength) =>
  `Password is too easy to guess: ${passwordWeaknessReason(strength, "en")}`;

/** `passwordSchema` plus the strength rule, for a password chosen without a known name or e-mail. */
export const strongPasswordSchema = passwordSchema.superRefine((password, context) => {
  if (!passwordSchema.safeParse(password).success) return;
  const strength = passwordStrength(password);
  if (!strength.acceptable) context.addIssue({ code: "custom", message: weakPasswordMessage(strength) });
});

/**
 * The strength rule on a request body that carries the password beside the person's e-mail and name, so that they
 * count as the first guesses; the issue names `password`. Field-level checks (length, format) run first.
 */
export function withPasswordRule<T extends z.ZodType<{ password?: string | undefined } & PasswordOwner>>(schema: T): T {
  return schema.superRefine((value, context) => {
    // Zod runs an object's refinement even when a field failed; a password already refused is not measured again.
    const password = passwordSchema.safeParse(value.password);
    if (!password.success) return;
    const strength = passwordStrength(password.data, value);
    if (!strength.acceptable) {
      context.addIssue({ code: "custom", path: ["password"], message: weakPasswordMessage(strength) });
    }
  });
}
