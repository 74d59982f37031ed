import { z } from "zod";
import { calendarDateSchema, hasAtMostDecimals } from "./calendar-date.js";

/** A cost of the organization over a period (rent, software, administration), spread on projects by reports. */
export const overheadSchema = z.object({
  uid: z.string(),
  amount: z.number(),
  from_date: z.string(),
  to_date: z.string().nullable(),
});
export type Overhead = z.infer<typeof overheadSchema>;

export const overheadInputSchema = z
  .object({
    amount: z
      .number({ message: "Amount must be a number" })
      .min(0, "Amount cannot be negative")
      .max(1_000_000_000, "Amount is too large")
      .refine((v) => hasAtMostDecimals(v, 2), "Amount takes at most 2 decimals"),
    from_date: calendarDateSchema,
    to_date: calendarDateSchema.nullable().default(null),
  })
  .strict()
  .refine((v) => v.to_date === null || v.to_date >= v.from_date, {
    path: ["to_date"],
    message: "The end date cannot be before the start date",
  });
export type OverheadInput = z.infer<typeof overheadInputSchema>;
