import { Button, Chip, Group, Input, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  type RecurrenceFrequency,
  type RecurrenceRuleInput,
  recurrenceEveryMax,
  recurrenceFrequencies,
  recurrenceRepeatMax,
} from "@timetrap/domain";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { formatDate } from "../../../lib/format";
import {
  draftOf,
  type RecurrenceEnd,
  type RecurrenceProblem,
  recurrenceErrors,
  ruleOfDraft,
  withEnds,
  withFrequency,
} from "./recurrence-draft";

/** Weeks start on Monday (ARCHITECTURE.md "Time"); the rule numbers days 0 Sunday to 6 Saturday. */
const weekdaysFromMonday = [1, 2, 3, 4, 5, 6, 0] as const;
type WeekdayNumber = (typeof weekdaysFromMonday)[number];

function weekdayName(t: TFunction, weekday: WeekdayNumber): string {
  return t(`eventForm.recurrence.weekdays.${weekday}`);
}

function frequencyName(t: TFunction, frequency: RecurrenceFrequency): string {
  return t(`eventForm.recurrence.frequencies.${frequency}`);
}

function problemText(t: TFunction, problem: RecurrenceProblem | undefined): string | undefined {
  if (!problem) return undefined;
  return t(`eventForm.recurrence.validations.${problem}`);
}

/** A rule in words: "Every 2 weeks, Mon, Wed, until 31/12/2026". */
export function recurrenceSummary(t: TFunction, rule: RecurrenceRuleInput | null): string {
  if (!rule) return t("eventForm.recurrence.none");
  const parts = [
    rule.every === 1
      ? t(`eventForm.recurrence.summary.every.${rule.frequency}`)
      : t(`eventForm.recurrence.summary.everyN.${rule.frequency}`, { n: rule.every }),
  ];
  if (rule.frequency === "WEEKLY" && rule.day_of_weeks.length > 0) {
    const chosen = weekdaysFromMonday.filter((day) => rule.day_of_weeks.includes(day));
    parts.push(chosen.map((day) => weekdayName(t, day)).join(", "));
  }
  if (rule.until) parts.push(t("eventForm.recurrence.summary.until", { date: formatDate(rule.until) }));
  else if (rule.repeat) parts.push(t("eventForm.recurrence.summary.count", { n: rule.repeat }));
  return parts.join(", ");
}

export interface RecurrenceDialogProps {
  opened: boolean;
  rule: RecurrenceRuleInput | null;
  /** 0 Sunday … 6 Saturday: the event's own weekday, chosen when a weekly rule is made. */
  weekday: number;
  onClose: () => void;
  /** The rule chosen, or null for "does not repeat". */
  onSave: (rule: RecurrenceRuleInput | null) => void;
}

/** Spec part 1 §2 "Board" modals: the recurrence dialog, over the event form. */
export function RecurrenceDialog({ opened, rule, weekday, onClose, onSave }: RecurrenceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("eventForm.recurrence.dialogTitle")} size={560} centered>
      {/* Drawn only while open, so each opening starts from the rule as it stands. */}
      {opened && <RecurrenceFields rule={rule} weekday={weekday} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RecurrenceFields({ rule, weekday, onClose, onSave }: Omit<RecurrenceDialogProps, "opened">) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(rule, weekday));
  const errors = recurrenceErrors(draft);
  const valid = Object.keys(errors).length === 0;

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="md">
        <NumberInput
          size="md"
          label={t("eventForm.recurrence.every")}
          value={draft.every}
          onChange={(every) => setDraft((current) => ({ ...current, every }))}
          error={problemText(t, errors.every)}
          min={1}
          max={recurrenceEveryMax}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          data-autofocus
        />
        <Select
          label={t("eventForm.recurrence.frequency")}
          data={recurrenceFrequencies.map((frequency) => ({ value: frequency, label: frequencyName(t, frequency) }))}
          value={draft.frequency}
          onChange={(value) => value && setDraft((current) => withFrequency(current, value as RecurrenceFrequency))}
          allowDeselect={false}
        />
      </SimpleGrid>
      {draft.frequency === "WEEKLY" && (
        <Input.Wrapper
          size="md"
          label={t("eventForm.recurrence.weekdaysLabel")}
          description={t("eventForm.recurrence.weekdaysHint")}
        >
          <Chip.Group
            multiple
            value={draft.day_of_weeks.map(String)}
            onChange={(days) => setDraft((current) => ({ ...current, day_of_weeks: days.map(Number) }))}
          >
            <Group gap={6} mt={6} role="group" aria-label={t("eventForm.recurrence.weekdaysLabel")}>
              {weekdaysFromMonday.map((day) => (
                <Chip key={day} value={String(day)} size="sm">
                  {weekdayName(t, day)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
      )}
      <Radio.Group
        size="md"
        label={t("eventForm.recurrence.ends")}
        value={draft.ends}
        onChange={(value) => setDraft((current) => withEnds(current, value as RecurrenceEnd))}
      >
        <Stack gap="sm" mt={6}>
          <Radio value="never" label={t("eventForm.recurrence.endsNever")} />
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Radio value="until" label={t("eventForm.recurrence.endsOn")} mt={36} w={110} />
            <DateField
              size="md"
              label={t("eventForm.recurrence.until")}
              value={draft.until}
              onChange={(until) => setDraft((current) => ({ ...current, until }))}
              error={problemText(t, errors.until)}
              disabled={draft.ends !== "until"}
              flex={1}
            />
          </Group>
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <Radio value="count" label={t("eventForm.recurrence.endsAfter")} mt={36} w={110} />
            <NumberInput
              size="md"
              label={t("eventForm.recurrence.repeat")}
              value={draft.repeat}
              onChange={(repeat) => setDraft((current) => ({ ...current, repeat }))}
              error={problemText(t, errors.repeat)}
              disabled={draft.ends !== "count"}
              min={0}
              max={recurrenceRepeatMax}
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              flex={1}
            />
          </Group>
        </Stack>
      </Radio.Group>
      {errors.form && (
        <Text size="sm" c="red">
          {problemText(t, errors.form)}
        </Text>
      )}
      <Group justify="space-between" gap="sm" mt="xs">
        <Button variant="subtle" onClick={() => onSave(null)}>
          {t("eventForm.recurrence.none")}
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button
            disabled={!valid}
            onClick={() => {
              const chosen = ruleOfDraft(draft);
              if (chosen) onSave(chosen);
            }}
          >
            {t("common.ok")}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
