import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import {
  type CalendarDate,
  type HolidayConvention,
  type HolidayCountryEntry,
  type HolidayGroup,
  holidayConventions,
  holidayGroupInputSchema,
} from "@timetrap/domain";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { mutationToasts } from "../../../lib/notify";
import { useCreateHolidayGroup, useUpdateHolidayGroup } from "../api/holiday-group-mutations";

export interface HolidayGroupModalProps {
  organizationId: string;
  opened: boolean;
  /** The group to edit; null for a new one. */
  group: HolidayGroup | null;
  /** The organization has no group yet: this one will be the default whatever is asked. */
  firstGroup: boolean;
  countries: HolidayCountryEntry[];
  countriesError: boolean;
  /** The country the browser's region points to, for a new group. */
  suggestion: string | null;
  onClose: () => void;
}

interface OwnDayDraft {
  /** The row's own key: dates may be empty or repeated while typed. */
  key: number;
  date: CalendarDate | null;
  name: string;
  half_day: boolean;
}

type Errors = Partial<Record<"name" | "country" | "region" | "days", string>> & { dayRows?: Record<number, string> };

let nextDayKey = 0;
const draftOf = (day: { date: CalendarDate | null; name: string; half_day: boolean }): OwnDayDraft => ({
  key: nextDayKey++,
  ...day,
});

function GroupForm({
  organizationId,
  group,
  firstGroup,
  countries,
  countriesError,
  suggestion,
  onClose,
}: Omit<HolidayGroupModalProps, "opened">) {
  const { t } = useTranslation();
  const create = useCreateHolidayGroup(organizationId);
  const update = useUpdateHolidayGroup(organizationId);
  const [name, setName] = useState(group?.name ?? "");
  const [country, setCountry] = useState<string | null>(group?.country ?? suggestion);
  const [region, setRegion] = useState<string | null>(group?.region ?? null);
  const [convention, setConvention] = useState<HolidayConvention>(group?.convention ?? "reduce");
  const [isDefault, setIsDefault] = useState(group?.is_default ?? firstGroup);
  const [days, setDays] = useState<OwnDayDraft[]>(() => (group?.days ?? []).map(draftOf));
  const [errors, setErrors] = useState<Errors>({});
  const regions = countries.find((candidate) => candidate.code === country)?.regions ?? [];
  const countryOptions = countries.map((candidate) => ({ value: candidate.code, label: candidate.name }));
  // A group's country the list no longer names still shows, by its code.
  if (country && !countries.some((candidate) => candidate.code === country))
    countryOptions.unshift({ value: country, label: country });

  const changeDay = (key: number, change: Partial<OwnDayDraft>) => {
    setDays((current) => current.map((day) => (day.key === key ? { ...day, ...change } : day)));
    setErrors((current) => ({ ...current, days: undefined, dayRows: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      country: country ?? "",
      region,
      convention,
      is_default: isDefault,
      days: days.map(({ date, name: dayName, half_day }) => ({ date: date ?? "", name: dayName, half_day })),
    };
    const parsed = holidayGroupInputSchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const [field, index, part] = issue.path;
        if (field === "days" && typeof index === "number") {
          const row = days[index];
          if (!row) continue;
          const message =
            part === "name"
              ? t("holidays.validations.dayNameRequired")
              : part === "date" && !row.date
                ? t("holidays.validations.dayDateRequired")
                : issue.message;
          next.dayRows = { ...next.dayRows, [row.key]: next.dayRows?.[row.key] ?? message };
        } else if (field === "name" && !next.name) next.name = t("holidays.validations.nameRequired");
        else if (field === "country" && !next.country) next.country = t("holidays.validations.countryRequired");
        else if (field === "days" && !next.days) next.days = issue.message;
        else if (field === "region" && !next.region) next.region = issue.message;
      }
      setErrors(next);
      return;
    }
    if (group) {
      update.mutate(
        { groupId: group.id, data: parsed.data },
        mutationToasts(t("holidays.groups.updated", { name: parsed.data.name }), onClose),
      );
    } else {
      create.mutate(parsed.data, mutationToasts(t("holidays.groups.created", { name: parsed.data.name }), onClose));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {countriesError && (
          <Alert color="red" variant="light">
            {t("holidays.groups.countriesError")}
          </Alert>
        )}
        <TextInput
          label={t("holidays.groups.name")}
          placeholder={t("holidays.groups.namePlaceholder")}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t("holidays.groups.country")}
            data={countryOptions}
            value={country}
            onChange={(value) => {
              setCountry(value);
              setRegion(null);
              setErrors((current) => ({ ...current, country: undefined }));
            }}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t("holidays.groups.noCountry")}
            description={!group && country && country === suggestion ? t("holidays.groups.suggested") : undefined}
            error={errors.country}
            required
          />
          <Select
            label={t("holidays.groups.region")}
            placeholder={t("holidays.groups.wholeCountry")}
            data={regions.map((candidate) => ({ value: candidate.code, label: candidate.name }))}
            value={region}
            onChange={setRegion}
            disabled={regions.length === 0}
            searchable
            clearable
            error={errors.region}
          />
        </SimpleGrid>
        <Radio.Group
          label={t("holidays.groups.convention")}
          value={convention}
          onChange={(value) => setConvention(value as HolidayConvention)}
        >
          <Stack gap="xs" mt={6}>
            {holidayConventions.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`holidays.conventions.${value}.label`)}
                description={t(`holidays.conventions.${value}.description`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Switch
          label={t("holidays.groups.isDefault")}
          description={
            firstGroup
              ? t("holidays.groups.firstIsDefault")
              : group?.is_default
                ? t("holidays.groups.staysDefault")
                : t("holidays.groups.isDefaultDescription")
          }
          checked={isDefault || firstGroup}
          disabled={firstGroup || group?.is_default === true}
          onChange={(event) => setIsDefault(event.currentTarget.checked)}
        />
        <Stack gap="xs">
          <div>
            <Text size="sm" fw={500}>
              {t("holidays.ownDays.title")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("holidays.ownDays.description")}
            </Text>
          </div>
          {days.map((day, index) => (
            <Stack key={day.key} gap={4} data-testid="own-day">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <DateField
                  label={t("holidays.ownDays.date", { number: index + 1 })}
                  value={day.date}
                  onChange={(value) => changeDay(day.key, { date: value })}
                  w={{ base: "100%", xs: 160 }}
                  required
                />
                <TextInput
                  label={t("holidays.ownDays.name", { number: index + 1 })}
                  value={day.name}
                  onChange={(event) => changeDay(day.key, { name: event.currentTarget.value })}
                  style={{ flex: 1, minWidth: 160 }}
                  required
                />
                <Checkbox
                  label={t("holidays.halfDay")}
                  checked={day.half_day}
                  onChange={(event) => changeDay(day.key, { half_day: event.currentTarget.checked })}
                  mt={{ base: 0, xs: 32 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={{ base: 0, xs: 28 }}
                  aria-label={t("holidays.ownDays.remove", { number: index + 1 })}
                  onClick={() => setDays((current) => current.filter((other) => other.key !== day.key))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {errors.dayRows?.[day.key] && (
                <Text size="xs" c="red.8" role="alert">
                  {errors.dayRows[day.key]}
                </Text>
              )}
            </Stack>
          ))}
          {errors.days && (
            <Text size="xs" c="red.8" role="alert">
              {errors.days}
            </Text>
          )}
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDays((current) => [...current, draftOf({ date: null, name: "", half_day: false })])}
            style={{ alignSelf: "flex-start" }}
          >
            {t("holidays.ownDays.add")}
          </Button>
        </Stack>
        <ModalFormFooter pending={create.isPending || update.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}

/** A holiday group's form: name, country and region, convention, default, and the organization's own days. */
export function HolidayGroupModal({ opened, onClose, ...props }: HolidayGroupModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={props.group ? t("holidays.groups.editTitle") : t("holidays.groups.newTitle")}
    >
      <GroupForm key={props.group?.id ?? "new"} onClose={onClose} {...props} />
    </Modal>
  );
}
