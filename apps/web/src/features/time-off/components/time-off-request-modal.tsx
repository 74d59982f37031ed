import {
  ColorSwatch,
  Input,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import {
  type CalendarDate,
  clampToDate,
  type HalfDay,
  type OrganizationUser,
  type TimeOffKind,
  timeOffInputSchema,
  todayIn,
} from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateTimeOff } from "../api/time-off";

type Mode = "days" | "halfDay" | "hours";
type Field = "user_id" | "kind_id" | "start_date" | "end_date" | "hours" | "note";
type Errors = Partial<Record<Field, string>>;

export interface TimeOffRequestModalProps {
  organizationId: string;
  opened: boolean;
  /** `edit team` recording time off for someone: a person is picked, and it is approved at once. */
  forSomeone: boolean;
  /** Whose request it is, when not picked. */
  userId: string | null;
  kinds: TimeOffKind[];
  users: OrganizationUser[];
  onClose: () => void;
}

const fields: readonly Field[] = ["user_id", "kind_id", "start_date", "end_date", "hours", "note"];

function RequestForm({
  organizationId,
  forSomeone,
  userId,
  kinds,
  users,
  onClose,
}: Omit<TimeOffRequestModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateTimeOff(organizationId);
  const [today] = useState(() => todayIn());
  const [person, setPerson] = useState<string | null>(userId);
  const [kindId, setKindId] = useState<string | null>(kinds[0]?.id ?? null);
  const [mode, setMode] = useState<Mode>("days");
  const [start, setStart] = useState<CalendarDate | null>(today);
  const [end, setEnd] = useState<CalendarDate | null>(today);
  const [half, setHalf] = useState<HalfDay>("morning");
  const [hours, setHours] = useState<number | string>(2);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const kind = kinds.find((candidate) => candidate.id === kindId);

  const clear = (...names: Field[]) =>
    setErrors((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, undefined])) }));

  const changeStart = (value: CalendarDate | null) => {
    setStart(value);
    // As in every form of dates: an end before the new start moves up to it.
    if (value) setEnd((current) => clampToDate(value, current));
    clear("start_date", "end_date");
  };

  const messageOf = (field: Field, code: string, fallback: string): string => {
    if (field === "user_id") return t("timeOff.validations.personRequired");
    if (field === "kind_id") return t("timeOff.validations.kindRequired");
    if (field === "start_date") return t("timeOff.validations.startRequired");
    if (field === "end_date") return code === "invalid_type" ? t("timeOff.validations.endRequired") : fallback;
    if (field === "hours") return t("timeOff.validations.hoursRange");
    return fallback;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const single = mode !== "days";
    const parsed = timeOffInputSchema.safeParse({
      user_id: person ?? "",
      kind_id: kindId ?? "",
      start_date: start ?? "",
      end_date: single ? (start ?? "") : (end ?? ""),
      half_day: mode === "halfDay" ? half : null,
      hours: mode === "hours" ? (typeof hours === "number" ? hours : Number.NaN) : null,
      note: note.trim(),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fields.find((name) => name === issue.path[0]);
        if (field && !next[field]) next[field] = messageOf(field, issue.code, issue.message);
      }
      setErrors(next);
      return;
    }
    const approvedAtOnce = forSomeone || kind?.needs_approval === false;
    create.mutate(parsed.data, mutationToasts(t(approvedAtOnce ? "timeOff.recorded" : "timeOff.requested"), onClose));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {forSomeone && (
          <Select
            label={t("timeOff.fields.person")}
            data={users.map((user) => ({ value: user.uid, label: user.nominative }))}
            value={person}
            onChange={(value) => {
              setPerson(value);
              clear("user_id");
            }}
            searchable
            required
            error={errors.user_id}
            data-autofocus
          />
        )}
        <Select
          label={t("timeOff.fields.kind")}
          data={kinds.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={kindId}
          onChange={(value) => {
            setKindId(value);
            clear("kind_id");
          }}
          leftSection={kind ? <ColorSwatch color={kind.color} size={12} withShadow={false} /> : undefined}
          allowDeselect={false}
          required
          error={errors.kind_id}
          description={
            kind && !forSomeone
              ? kind.needs_approval
                ? t("timeOff.needsApprovalHint")
                : t("timeOff.noApprovalHint")
              : undefined
          }
        />
        <Stack gap={6}>
          <Input.Label id="time-off-mode-label" labelElement="div">
            {t("timeOff.fields.mode")}
          </Input.Label>
          <SegmentedControl
            aria-labelledby="time-off-mode-label"
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              clear("end_date", "hours");
            }}
            data={[
              { value: "days", label: t("timeOff.modes.days") },
              { value: "halfDay", label: t("timeOff.modes.halfDay") },
              { value: "hours", label: t("timeOff.modes.hours") },
            ]}
            fullWidth
          />
        </Stack>
        {mode === "days" ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateField
              label={t("timeOff.fields.start")}
              value={start}
              onChange={changeStart}
              error={errors.start_date}
              required
            />
            <DateField
              label={t("timeOff.fields.end")}
              value={end}
              onChange={(value) => {
                setEnd(start ? clampToDate(start, value) : value);
                clear("end_date");
              }}
              minDate={start ?? undefined}
              error={errors.end_date}
              required
            />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DateField
              label={t("timeOff.fields.day")}
              value={start}
              onChange={changeStart}
              error={errors.start_date}
              required
            />
            {mode === "halfDay" ? (
              <Stack gap={6}>
                <Input.Label id="time-off-half-label" labelElement="div">
                  {t("timeOff.fields.half")}
                </Input.Label>
                <SegmentedControl
                  aria-labelledby="time-off-half-label"
                  value={half}
                  onChange={(value) => setHalf(value as HalfDay)}
                  data={[
                    { value: "morning", label: t("timeOff.halves.morning") },
                    { value: "afternoon", label: t("timeOff.halves.afternoon") },
                  ]}
                  fullWidth
                />
              </Stack>
            ) : (
              <NumberInput
                label={t("timeOff.fields.hours")}
                value={hours}
                onChange={(value) => {
                  setHours(value);
                  clear("hours");
                }}
                min={0.25}
                max={24}
                step={0.5}
                decimalScale={2}
                decimalSeparator={t("timeOff.decimalSeparator")}
                error={errors.hours}
                required
              />
            )}
          </SimpleGrid>
        )}
        <Textarea
          label={t("timeOff.fields.note")}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear("note");
          }}
          error={errors.note}
          autosize
          minRows={2}
        />
        {forSomeone && (
          <Text size="xs" c="dimmed">
            {t("timeOff.recordHint")}
          </Text>
        )}
        <ModalFormFooter
          pending={create.isPending}
          onCancel={onClose}
          submitLabel={forSomeone ? t("timeOff.recordSubmit") : t("timeOff.requestSubmit")}
        />
      </Stack>
    </form>
  );
}

/** Decision 026: a person asks for days, a half day or some hours; `edit team` records time off for anyone. */
export function TimeOffRequestModal({ opened, onClose, ...props }: TimeOffRequestModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={props.forSomeone ? t("timeOff.recordTitle") : t("timeOff.requestTitle")}
    >
      <RequestForm key={`${props.forSomeone}`} onClose={onClose} {...props} />
    </Modal>
  );
}
