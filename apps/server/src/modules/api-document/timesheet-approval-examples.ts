import type {
  TimesheetApprovalRow,
  TimesheetPeriod,
  timesheetApproveInputSchema,
  timesheetRejectInputSchema,
  timesheetReopenInputSchema,
} from "@timetrap/domain";
import type { z } from "zod";
import { ids } from "./examples.js";

/** The examples of the timesheet approval calls (decision 026): Giulia's week of 23 Nov 2026, which Marco approves. */

export const timesheetPeriodOpenExample: TimesheetPeriod = {
  user_id: ids.giulia,
  period_start: "2026-11-23",
  period_end: "2026-11-29",
  status: "open",
  submitted_at: null,
  decided_by: null,
  decided_at: null,
  note: "",
};

export const timesheetPeriodSubmittedExample: TimesheetPeriod = {
  ...timesheetPeriodOpenExample,
  status: "submitted",
  submitted_at: 1_795_971_600_000,
};

export const timesheetPeriodApprovedExample: TimesheetPeriod = {
  ...timesheetPeriodSubmittedExample,
  status: "approved",
  decided_by: ids.marco,
  decided_at: 1_796_029_200_000,
  note: "Thanks, all in order",
};

export const timesheetPeriodRejectedExample: TimesheetPeriod = {
  ...timesheetPeriodApprovedExample,
  status: "rejected",
  note: "Tuesday's review belongs to the Rebrand project",
};

export const timesheetPeriodReopenedExample: TimesheetPeriod = {
  ...timesheetPeriodApprovedExample,
  status: "open",
  note: "Tuesday's review was logged on the wrong project",
};

export const timesheetApproveInputExample: z.input<typeof timesheetApproveInputSchema> = {
  note: "Thanks, all in order",
};

export const timesheetRejectInputExample: z.input<typeof timesheetRejectInputSchema> = {
  note: "Tuesday's review belongs to the Rebrand project",
};

export const timesheetReopenInputExample: z.input<typeof timesheetReopenInputSchema> = {
  note: "Tuesday's review was logged on the wrong project",
};

export const timesheetApprovalsExample: TimesheetApprovalRow[] = [
  {
    user_id: ids.giulia,
    nominative: "Giulia Rossi",
    image_url: null,
    period_start: "2026-11-23",
    period_end: "2026-11-29",
    status: "submitted",
    logged: 142_200,
    capacity: 144_000,
    difference: -1_800,
    submitted_at: 1_795_971_600_000,
    decided_at: null,
    note: "",
  },
  {
    user_id: ids.marco,
    nominative: "Marco Bianchi",
    image_url: null,
    period_start: "2026-11-23",
    period_end: "2026-11-29",
    status: "open",
    logged: 93_600,
    capacity: 115_200,
    difference: -21_600,
    submitted_at: null,
    decided_at: null,
    note: "",
  },
];
