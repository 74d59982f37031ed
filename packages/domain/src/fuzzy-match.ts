/**
 * The command palette's search (issue 21): what a person types against the names of pages, projects, people and
 * actions. Case and accents are ignored ("citta" finds "Città"); a name that starts with the query comes first, then
 * one with a word that starts with it, then the query found inside a word, then its letters at the starts of words
 * ("wv" for "Week view"), then its letters scattered in order. Within a rank, the shorter name comes first.
 */

import { foldForSearch } from "./members.js";

/** Lower case, without accents, one space between words. */
function fold(text: string): string {
  return foldForSearch(text).replace(/\s+/g, " ").trim();
}

const ranks = { exact: 6000, prefix: 5000, wordPrefix: 4000, everyWord: 3000, inside: 2000, initials: 1000 } as const;

/** Where the words of a folded text start. */
function wordStarts(text: string): number[] {
  const starts: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const isWordCharacter = /[\p{L}\p{N}]/u.test(text[index] as string);
    const previous = index === 0 ? "" : (text[index - 1] as string);
    if (isWordCharacter && (index === 0 || !/[\p{L}\p{N}]/u.test(previous))) starts.push(index);
  }
  return starts;
}

/** Whether `letters` appear in `text` in order, and how far apart (the characters skipped between them). */
function scatteredGap(letters: string, text: string): number | null {
  let from = 0;
  let first = -1;
  let last = -1;
  for (const letter of letters) {
    const at = text.indexOf(letter, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    last = at;
    from = at + 1;
  }
  return last - first + 1 - letters.length;
}

/**
 * How well `query` matches `name`: null when it does not, else a score, higher for a better match. An empty query
 * matches everything equally.
 */
export function fuzzyScore(query: string, name: string): number | null {
  const wanted = fold(query);
  if (wanted === "") return 0;
  const text = fold(name);
  // A shorter name ranks first among equals; the penalty stays below the distance between two ranks.
  const shorter = -Math.min(text.length, 999) / 1000;
  if (text === wanted) return ranks.exact;
  if (text.startsWith(wanted)) return ranks.prefix + shorter;
  const starts = wordStarts(text);
  if (starts.some((start) => text.startsWith(wanted, start))) return ranks.wordPrefix + shorter;
  const words = starts.map((start) => text.slice(start));
  const queryWords = wanted.split(" ");
  if (queryWords.length > 1 && queryWords.every((word) => words.some((textWord) => textWord.startsWith(word)))) {
    return ranks.everyWord + shorter;
  }
  if (text.includes(wanted)) return ranks.inside + shorter;
  const letters = wanted.replace(/ /g, "");
  const initials = starts.map((start) => text[start]).join("");
  if (scatteredGap(letters, initials) !== null) return ranks.initials + shorter;
  const gap = scatteredGap(letters, text);
  // Scattered letters: the closer together, the better, always below the ranks above.
  return gap === null ? null : Math.max(1, ranks.initials - 1 - gap) + shorter;
}

/** The best score of any of an item's names (its label in each language), or null when none matches. */
export function bestFuzzyScore(query: string, names: readonly string[]): number | null {
  let best: number | null = null;
  for (const name of names) {
    const score = fuzzyScore(query, name);
    if (score !== null && (best === null || score > best)) best = score;
  }
  return best;
}

/** The items whose names match `query`, best first; equals keep their order. */
export function rankByFuzzyMatch<T>(
  query: string,
  items: readonly T[],
  namesOf: (item: T) => readonly string[],
): { item: T; score: number }[] {
  const matched: { item: T; score: number; index: number }[] = [];
  items.forEach((item, index) => {
    const score = bestFuzzyScore(query, namesOf(item));
    if (score !== null) matched.push({ item, score, index });
  });
  matched.sort((a, b) => b.score - a.score || a.index - b.index);
  return matched.map(({ item, score }) => ({ item, score }));
}
