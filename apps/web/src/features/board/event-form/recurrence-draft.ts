import {
  type CalendarDate,
  type RecurrenceFrequency,
  type RecurrenceRuleInput,
  recurrenceRuleInputSchema,
} from "@timetrap/domain";

/** How a series ends (spec part 1 §4 "Recurrence"): never, on a day (`until`) or after a count (`repeat`). */
export type RecurrenceEnd = "never" | "until" | "count";

/** The recurrence dialog's fields as typed: number inputs give text while they are empty or half typed. */
export interface RecurrenceDraft {
  every: number | string;
  frequency: RecurrenceFrequency;
  day_of_weeks: number[];
  ends: RecurrenceEnd;
  until: CalendarDate | null;
  repeat: number | string;
}

/** A draft of the rule, or of a new weekly one on the event's weekday. */
export function draftOf(rule: RecurrenceRuleInput | null, weekday: number): RecurrenceDraft {
  if (!rule) return { every: 1, frequency: "WEEKLY", day_of_weeks: [weekday], ends: "never", until: null, repeat: "" };
  return {
    every: rule.every,
    frequency: rule.frequency,
    day_of_weeks: [...rule.day_of_weeks],
    ends: rule.until !== null ? "until" : rule.repeat ? "count" : "never",
    until: rule.until,
    repeat: rule.repeat ?? "",
  };
}

/** Another frequency clears the weekdays (spec part 1 §4). */
export function withFrequency(draft: RecurrenceDraft, frequency: RecurrenceFrequency): RecurrenceDraft {
  if (frequency === draft.frequency) return draft;
  return { ...draft, frequency, day_of_weeks: [] };
}

/** Another way of ending clears the other two values (spec part 1 §4). */
export function withEnds(draft: RecurrenceDraft, ends: RecurrenceEnd): RecurrenceDraft {
  if (ends === draft.ends) return draft;
  return {
    ...draft,
    ends,
    until: ends === "until" ? draft.until : null,
    repeat: ends === "count" ? draft.repeat : "",
  };
}

const asNumber = (value: number | string) =>
  typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);

export type RecurrenceProblem = "every" | "repeat" | "untilRequired" | "invalid";
export type RecurrenceErrors = Partial<Record<"every" | "repeat" | "until" | "form", RecurrenceProblem>>;

function candidate(draft: RecurrenceDraft) {
  return {
    every: asNumber(draft.every),
    frequency: draft.frequency,
    day_of_weeks: draft.frequency === "WEEKLY" ? [...draft.day_of_weeks].sort((a, b) => a - b) : [],
    until: draft.ends === "until" ? draft.until : null,
    repeat: draft.ends === "count" ? asNumber(draft.repeat) : null,
  };
}

/**
 * The draft's problems, checked with the rule's schema (every 1 to 99, occurrences 0 to 99, spec part 1 §5); a
 * chosen way of ending needs its value.
 */
export function recurrenceErrors(draft: RecurrenceDraft): RecurrenceErrors {
  const errors: RecurrenceErrors = {};
  if (draft.ends === "until" && draft.until === null) errors.until = "untilRequired";
  const parsed = recurrenceRuleInputSchema.safeParse(candidate(draft));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "every") errors.every ??= "every";
    else if (field === "repeat") errors.repeat ??= "repeat";
    else errors.form ??= "invalid";
  }
  return errors;
}

/** The rule of a draft with no problems; null otherwise. */
export function ruleOfDraft(draft: RecurrenceDraft): RecurrenceRuleInput | null {
  if (Object.keys(recurrenceErrors(draft)).length > 0) return null;
  return recurrenceRuleInputSchema.parse(candidate(draft));
}
