import { TextInput } from "@mantine/core";
import { IconHourglass } from "@tabler/icons-react";
import { correctDurationInput, formatDuration } from "@timetrap/domain";
import { type ReactNode, useState } from "react";

/** The text of the first `digits` digits of a duration, with its separators: 3 digits show as `07:5`. */
function partialText(digits: string): string {
  if (digits === "") return "";
  const corrected = correctDurationInput(digits).text;
  return corrected.slice(0, digits.length + Math.floor((digits.length - 1) / 2));
}

export interface DurationFieldProps {
  label: string;
  /** Seconds. */
  value: number;
  onChange: (seconds: number) => void;
  error?: ReactNode;
  readOnly?: boolean;
}

/**
 * The duration as a masked `HH:MM:SS` field (spec part 1 §5): only digits are kept, the separators come by
 * themselves, and a minutes or seconds part starting above 5 is corrected as it is typed. The duration is taken
 * once its six digits are in, or when the field is left (missing digits count as zeros).
 */
export function DurationField({ label, value, onChange, error, readOnly = false }: DurationFieldProps) {
  const [digits, setDigits] = useState<string | null>(null);

  const take = (typed: string) => {
    setDigits(null);
    const { seconds } = correctDurationInput(typed);
    if (seconds !== value) onChange(seconds);
  };

  return (
    <TextInput
      label={label}
      value={digits === null ? formatDuration(value) : partialText(digits)}
      error={error}
      readOnly={readOnly}
      inputMode="numeric"
      autoComplete="off"
      placeholder="HH:MM:SS"
      leftSection={<IconHourglass size={16} />}
      onChange={(event) => {
        const typed = event.currentTarget.value.replace(/\D/g, "").slice(0, 6);
        if (typed.length === 6) take(typed);
        else setDigits(typed);
      }}
      onBlur={() => {
        if (digits !== null && digits !== "") take(digits);
        else setDigits(null);
      }}
    />
  );
}
