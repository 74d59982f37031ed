import type { TeamPlan } from "@timetrap/domain";
import { ids } from "./examples.js";

/**
 * The example of the team plan (decision 027): Giulia's and Marco's Monday and Tuesday, 16 and 17 March 2026. Giulia
 * plans nine hours of eight on Monday; Marco has Monday morning off, half of his eight hours, and works four hours on
 * Tuesdays.
 */
export const teamPlanExample: TeamPlan = {
  start_date: "2026-03-16",
  end_date: "2026-03-17",
  users: [
    {
      user_id: ids.giulia,
      nominative: "Giulia Rossi",
      image_url: null,
      status: "active",
      days: [
        { date: "2026-03-16", planned: 32400, logged: 27000, capacity: 28800, percentage: 112.5, over_capacity: true },
        { date: "2026-03-17", planned: 28800, logged: 0, capacity: 28800, percentage: 100, over_capacity: false },
      ],
    },
    {
      user_id: ids.marco,
      nominative: "Marco Bianchi",
      image_url: null,
      status: "active",
      days: [
        { date: "2026-03-16", planned: 7200, logged: 7200, capacity: 14400, percentage: 50, over_capacity: false },
        { date: "2026-03-17", planned: 0, logged: 0, capacity: 14400, percentage: 0, over_capacity: false },
      ],
    },
  ],
};
