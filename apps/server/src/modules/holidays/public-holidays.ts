import {
  type HolidayCountryEntry,
  holidayYears,
  type Language,
  type LibraryHoliday,
  publicHolidayDays,
  type WrittenHoliday,
} from "@timetrap/domain";
import Holidays from "date-holidays";

/**
 * The countries' public holidays, from date-holidays (decision 026). Only the server loads the library: its data is a
 * few megabytes that browsers need not download.
 */

const library = new Holidays();

/** Every country date-holidays knows, by ISO 3166-1 alpha-2 code, in its order. */
export const holidayCountryCodes = Object.keys(library.getCountries("en")) as [string, ...string[]];

/** The regions (date-holidays' states) of a country, by code; empty for a country without them. */
function regionsOf(country: string, language: Language): Record<string, string> {
  return library.getStates(country, language) ?? {};
}

export function isRegionOf(country: string, region: string): boolean {
  return Object.hasOwn(regionsOf(country, "en"), region);
}

/** The countries, named in `language`, with their regions (named as the library names them). */
export function holidayCountries(language: Language): HolidayCountryEntry[] {
  const countries = library.getCountries(language);
  const collator = new Intl.Collator(language);
  // The library names a country in its own language (Deutschland); the runtime's ICU names it in the reader's.
  const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
  return Object.entries(countries)
    .map(([code, name]) => ({
      code,
      name: names.of(code) ?? name,
      regions: Object.entries(regionsOf(code, language))
        .map(([regionCode, regionName]) => ({ code: regionCode, name: regionName }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

// Working out 61 years of a country costs about half a second; groups of one country and region share the answer.
const cacheLimit = 32;
const cache = new Map<string, WrittenHoliday[]>();

/**
 * The public holidays of a country (and region) from 2000 to 2060, one per date, named in `language` where the
 * library has the words (else in the country's own).
 */
export function publicHolidaysOf(country: string, region: string | null, language: Language): WrittenHoliday[] {
  const key = `${country}|${region ?? ""}|${language}`;
  const known = cache.get(key);
  if (known) return known;
  const calendar = region ? new Holidays(country, region) : new Holidays(country);
  const holidays: LibraryHoliday[] = [];
  for (let year = holidayYears.first; year <= holidayYears.last; year += 1) {
    for (const holiday of calendar.getHolidays(year, language) || []) holidays.push(holiday);
  }
  const days = publicHolidayDays(holidays);
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(key, days);
  return days;
}
