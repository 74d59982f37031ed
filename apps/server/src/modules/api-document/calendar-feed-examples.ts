import type { calendarFeedSchema } from "@timetrap/domain";
import type { z } from "zod";

/** The examples of the calendar feed (decision 029): Marco's feed, turned on in March 2026, and off. */

export const calendarFeedExample: z.output<typeof calendarFeedSchema> = {
  enabled: true,
  url: "https://app.timetrap.example/ics/3q2-7wVg_kT9mZp1aR8sXb4nL0cYdE6fHjUoWiQvNlM.ics",
  created_at: 1773394200000,
};

export const calendarFeedOffExample: z.output<typeof calendarFeedSchema> = {
  enabled: false,
  url: null,
  created_at: null,
};
