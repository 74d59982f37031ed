/**
 * The country the browser's language points to ("it-IT" → IT, "en" → US, "de" → DE): the holiday group a new
 * organization is offered first. Null when the language names no region the library can guess.
 */
export function browserRegion(language: string | undefined = globalThis.navigator?.language): string | null {
  if (!language) return null;
  try {
    const region = new Intl.Locale(language).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    // A tag the browser made up that Intl refuses: no suggestion rather than a broken page.
    return null;
  }
}

/** The suggested country if the server knows its holidays, else the first one known, else none. */
export function suggestedCountry(known: readonly { code: string }[], language?: string): string | null {
  const region = browserRegion(language);
  if (region && known.some((country) => country.code === region)) return region;
  return known[0]?.code ?? null;
}
