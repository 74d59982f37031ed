import { queryOptions, useQuery } from "@tanstack/react-query";
import { type HolidayCountryEntry, holidayCountryEntrySchema, type Language } from "@timetrap/domain";
import { z } from "zod";
import { api } from "../../../lib/api-client";

const holidayCountryListSchema = z.array(holidayCountryEntrySchema);

/** The countries whose public holidays the server knows, with their regions, named in `language`. */
export function getHolidayCountries({
  language,
  signal,
}: {
  language: Language;
  signal?: AbortSignal;
}): Promise<HolidayCountryEntry[]> {
  return api.get("/holiday-countries", { query: { language }, schema: holidayCountryListSchema, signal });
}

export function getHolidayCountriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ["holiday-countries", language],
    queryFn: ({ signal }) => getHolidayCountries({ language, signal }),
    // The library's list changes with a new server, not while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useHolidayCountries(language: Language) {
  return useQuery(getHolidayCountriesQueryOptions(language));
}
