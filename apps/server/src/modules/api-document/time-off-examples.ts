import type {
  dayOffSchema,
  holidayCountryEntrySchema,
  holidayDaySchema,
  holidayGroupInputSchema,
  holidayGroupPatchSchema,
  holidayGroupSchema,
  timeOffAllowanceInputSchema,
  timeOffAllowanceSchema,
  timeOffBalanceSchema,
  timeOffInputSchema,
  timeOffKindInputSchema,
  timeOffKindPatchSchema,
  timeOffKindSchema,
  timeOffPatchSchema,
  timeOffSchema,
} from "@timetrap/domain";
import type { z } from "zod";
import { ids } from "./examples.js";

/**
 * The examples of holidays and time off (decision 026), in the document's studio in Milan: its holiday group for
 * Lombardy with the patron saint's day of Milan, its kinds of time off, and Marco's vacation in August 2026.
 */

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;

export const holidayIds = {
  milan: "5922ce6f-7146-4cf3-9c20-61ae346fb348",
  vacation: "6a33df70-8257-4d04-8d31-72bf457ac459",
  sickLeave: "7b44e081-9368-4e15-9e42-83c0568bd56a",
  august: "8c55f192-a479-4f26-8f53-94d1679ce67b",
} as const;

const santAmbrogio = { date: "2026-12-07", name: "Sant'Ambrogio", half_day: false };

export const holidayGroupInputExample: In<typeof holidayGroupInputSchema> = {
  name: "Milano",
  country: "IT",
  region: "25",
  convention: "reduce",
  days: [santAmbrogio, { date: "2026-12-24", name: "Vigilia di Natale", half_day: true }],
};

export const holidayGroupPatchExample: In<typeof holidayGroupPatchSchema> = { convention: "worked" };

export const holidayGroupExample: Out<typeof holidayGroupSchema> = {
  id: holidayIds.milan,
  name: "Milano",
  country: "IT",
  region: "25",
  convention: "reduce",
  is_default: true,
  member_count: 2,
  days: [santAmbrogio, { date: "2026-12-24", name: "Vigilia di Natale", half_day: true }],
};

export const holidayDaysExample: Out<typeof holidayDaySchema>[] = [
  { date: "2026-12-07", name: "Sant'Ambrogio", half_day: false, source: "own" },
  { date: "2026-12-08", name: "Immacolata Concezione", half_day: false, source: "public" },
  { date: "2026-12-24", name: "Vigilia di Natale", half_day: true, source: "own" },
  { date: "2026-12-25", name: "Natale di Gesù", half_day: false, source: "public" },
  { date: "2026-12-26", name: "Santo Stefano", half_day: false, source: "public" },
];

export const holidayCountriesExample: Out<typeof holidayCountryEntrySchema>[] = [
  {
    code: "IT",
    name: "Italy",
    regions: [
      { code: "62", name: "Lazio" },
      { code: "25", name: "Lombardy" },
    ],
  },
];

export const timeOffKindInputExample: In<typeof timeOffKindInputSchema> = {
  name: "Training",
  color: "#40c057",
  paid: true,
  needs_approval: true,
  yearly_allowance_days: 5,
};

export const timeOffKindPatchExample: In<typeof timeOffKindPatchSchema> = { yearly_allowance_days: 22 };

export const timeOffKindExample: Out<typeof timeOffKindSchema> = {
  id: holidayIds.vacation,
  name: "Ferie",
  color: "#228be6",
  paid: true,
  needs_approval: true,
  yearly_allowance_days: 20,
};

export const timeOffKindsExample: Out<typeof timeOffKindSchema>[] = [
  timeOffKindExample,
  {
    id: holidayIds.sickLeave,
    name: "Malattia",
    color: "#fa5252",
    paid: true,
    needs_approval: false,
    yearly_allowance_days: null,
  },
];

export const timeOffInputExample: In<typeof timeOffInputSchema> = {
  user_id: ids.marco,
  kind_id: holidayIds.vacation,
  start_date: "2026-08-10",
  end_date: "2026-08-21",
  half_day: null,
  hours: null,
  note: "Summer holidays",
};

export const timeOffExample: Out<typeof timeOffSchema> = {
  id: holidayIds.august,
  user_id: ids.marco,
  kind_id: holidayIds.vacation,
  start_date: "2026-08-10",
  end_date: "2026-08-21",
  half_day: null,
  hours: null,
  note: "Summer holidays",
  status: "requested",
  created_by: ids.marco,
  decided_by: null,
  decided_at: null,
  decision_note: "",
  created_at: 1_780_000_000_000,
};

export const timeOffPatchExample: In<typeof timeOffPatchSchema> = { status: "approved", note: "Enjoy the sea" };

export const timeOffDecidedExample: Out<typeof timeOffSchema> = {
  ...timeOffExample,
  status: "approved",
  decided_by: ids.giulia,
  decided_at: 1_780_100_000_000,
  decision_note: "Enjoy the sea",
};

export const timeOffBalancesExample: Out<typeof timeOffBalanceSchema>[] = [
  {
    kind_id: holidayIds.vacation,
    name: "Ferie",
    color: "#228be6",
    allowance_days: 20,
    used_days: 4.5,
    planned_days: 9,
    remaining_days: 6.5,
  },
];

export const timeOffAllowanceInputExample: In<typeof timeOffAllowanceInputSchema> = { year: 2026, days: 22 };

export const timeOffAllowanceExample: Out<typeof timeOffAllowanceSchema> = {
  user_id: ids.marco,
  kind_id: holidayIds.vacation,
  year: 2026,
  days: 22,
};

export const daysOffExample: Out<typeof dayOffSchema>[] = [
  {
    date: "2026-08-14",
    type: "time_off",
    name: "Ferie",
    color: "#228be6",
    half_day: false,
    hours: null,
    status: "requested",
    time_off_id: holidayIds.august,
  },
  {
    date: "2026-08-15",
    type: "holiday",
    name: "Assunzione di Maria",
    color: null,
    half_day: false,
    hours: null,
    status: null,
    time_off_id: null,
  },
];
