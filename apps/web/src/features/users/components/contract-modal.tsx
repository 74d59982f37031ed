import {
  Input,
  Modal,
  NumberInput,
  type NumberInputProps,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type CalendarDate,
  type Contract,
  type ContractInput,
  type ContractType,
  clampToDate,
  contractInputSchema,
  contractTypes,
  type HoursByDay,
  noHoursByDay,
  switchContractType,
  todayIn,
  weekdays,
} from "@timetrap/domain";
import type { ParseKeys } from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../../components/date-field";
import { EuroInput } from "../../../components/euro-input";
import { ModalFormFooter } from "../../../components/modal-form-footer";
import { currentLanguage } from "../../../lib/i18n";
import { mutationToasts } from "../../../lib/notify";
import { useCreateContract } from "../api/create-contract";
import { useUpdateContract } from "../api/update-contract";

/**
 * The modal's values. Hours are always numbers (an emptied hours field reads as 0, as the contract type
 * switch leaves them); cost and target may be empty or half-typed ("12.") until they are sent.
 */
export interface ContractFormValues {
  contract_type: ContractType;
  contractual_hours: number;
  contractual_hours_by_day: HoursByDay | null;
  hourly_cost: number | string;
  productivity_target: number | string;
  from_date: CalendarDate;
  to_date: CalendarDate | null;
}

type ContractField = "from_date" | "to_date" | "hours" | "hourly_cost" | "productivity_target";
type ContractErrors = Partial<Record<ContractField, ParseKeys>>;

const errorKeys: Record<ContractField, ParseKeys> = {
  from_date: "contracts.validations.fromDate",
  to_date: "contracts.validations.toDate",
  hours: "contracts.validations.hours",
  hourly_cost: "contracts.validations.hourlyCost",
  productivity_target: "contracts.validations.productivityTarget",
};

/**
 * A new contract starts today (spec part 2 §2 "Contracts") as a full-time one, with no end until one is chosen (the
 * field's hint: empty is no end date).
 */
export function newContractValues(today: CalendarDate = todayIn()): ContractFormValues {
  return {
    contract_type: "full-time",
    contractual_hours: 8,
    contractual_hours_by_day: null,
    hourly_cost: "",
    productivity_target: "",
    from_date: today,
    to_date: null,
  };
}

function valuesOf(contract: Contract): ContractFormValues {
  return {
    contract_type: contract.contract_type,
    contractual_hours: contract.contractual_hours,
    contractual_hours_by_day: contract.contractual_hours_by_day,
    hourly_cost: contract.hourly_cost,
    productivity_target: contract.productivity_target,
    from_date: contract.from_date,
    to_date: contract.to_date,
  };
}

const toNumber = (value: number | string): number | undefined =>
  typeof value === "number" ? value : value.trim() === "" ? undefined : Number(value);

/** The values checked with the server's schema; failures are named by field. */
export function validateContract(
  values: ContractFormValues,
): { data: ContractInput; errors: null } | { data: null; errors: ContractErrors } {
  const result = contractInputSchema.safeParse({
    ...values,
    hourly_cost: toNumber(values.hourly_cost),
    productivity_target: toNumber(values.productivity_target),
  });
  if (result.success) return { data: result.data, errors: null };
  const errors: ContractErrors = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0]);
    const field: ContractField =
      path === "contractual_hours" || path === "contractual_hours_by_day" ? "hours" : (path as ContractField);
    if (field in errorKeys) errors[field] = errorKeys[field];
  }
  return { data: null, errors };
}

const wholeHours = (value: number | string): number => (typeof value === "number" ? value : 0);

/** The hours of one day, full-time or a single weekday: whole hours from 0 to 24. */
const hoursOfADay = {
  allowDecimal: false,
  allowNegative: false,
  allowLeadingZeros: false,
  min: 0,
  max: 24,
  clampBehavior: "strict",
} as const satisfies NumberInputProps;

function ContractForm({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: ContractFormValues;
  pending: boolean;
  onSave: (data: ContractInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ContractErrors | null>(null);
  const decimalSeparator = currentLanguage() === "it" ? "," : ".";
  const typeLabelId = useId();

  const change = (next: ContractFormValues) => {
    setValues(next);
    if (errors) setErrors(validateContract(next).errors ?? {});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContract(values);
    setErrors(checked.errors ?? {});
    if (checked.data) onSave(checked.data);
  };

  const error = (field: ContractField) => (errors?.[field] ? t(errors[field]) : null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            label={t("contracts.fromDate")}
            withAsterisk
            value={values.from_date}
            onChange={(date) => {
              if (!date) return;
              change({ ...values, from_date: date, to_date: clampToDate(date, values.to_date) });
            }}
            error={error("from_date")}
          />
          <DateField
            label={t("contracts.toDate")}
            description={t("contracts.toDateHint")}
            clearable
            clearButtonProps={{ "aria-label": t("contracts.clearToDate") }}
            minDate={values.from_date}
            value={values.to_date}
            onChange={(date) => change({ ...values, to_date: clampToDate(values.from_date, date) })}
            error={error("to_date")}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Input.Label labelElement="div" id={typeLabelId}>
            {t("contracts.type")}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={typeLabelId}
            fullWidth
            value={values.contract_type}
            onChange={(type) => change(switchContractType(values, type as ContractType))}
            data={contractTypes.map((type) => ({ value: type, label: t(`contracts.types.${type}`) }))}
          />
        </Stack>
        {values.contract_type === "full-time" ? (
          <NumberInput
            label={t("contracts.hoursPerDayLabel")}
            description={t("contracts.hoursPerDayHint")}
            value={values.contractual_hours}
            onChange={(hours) => change({ ...values, contractual_hours: wholeHours(hours) })}
            {...hoursOfADay}
            error={error("hours")}
          />
        ) : (
          <Stack gap={6}>
            <Input.Label labelElement="div">{t("contracts.hoursByDayLabel")}</Input.Label>
            <SimpleGrid cols={{ base: 4, sm: 7 }} spacing="xs">
              {weekdays.map((day) => (
                <NumberInput
                  key={day}
                  label={t(`contracts.weekdaysShort.${day}`)}
                  aria-label={t(`contracts.weekdays.${day}`)}
                  value={values.contractual_hours_by_day?.[day] ?? 0}
                  onChange={(hours) =>
                    change({
                      ...values,
                      contractual_hours_by_day: {
                        ...(values.contractual_hours_by_day ?? noHoursByDay),
                        [day]: wholeHours(hours),
                      },
                    })
                  }
                  {...hoursOfADay}
                  hideControls
                />
              ))}
            </SimpleGrid>
            {error("hours") && (
              <Text size="xs" c="red">
                {error("hours")}
              </Text>
            )}
          </Stack>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <EuroInput
            label={t("contracts.hourlyCost")}
            withAsterisk
            value={values.hourly_cost}
            onChange={(hourlyCost) => change({ ...values, hourly_cost: hourlyCost })}
            error={error("hourly_cost")}
          />
          <NumberInput
            label={t("contracts.productivityTarget")}
            withAsterisk
            rightSection="%"
            value={values.productivity_target}
            onChange={(target) => change({ ...values, productivity_target: target })}
            decimalScale={1}
            decimalSeparator={decimalSeparator}
            allowNegative={false}
            min={0}
            max={100}
            clampBehavior="strict"
            hideControls
            error={error("productivity_target")}
          />
        </SimpleGrid>
        <ModalFormFooter pending={pending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** Add (contract null) or edit one contract of a user. */
export function ContractModal({
  organizationId,
  userId,
  contract,
  opened,
  onClose,
}: {
  organizationId: string;
  userId: string;
  contract: Contract | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateContract();
  const update = useUpdateContract();
  const pending = create.isPending || update.isPending;
  const phone = useMediaQuery("(max-width: 36em)", undefined, { getInitialValueInEffect: false });

  const save = (data: ContractInput) => {
    if (pending) return;
    if (contract) {
      // A 409 names the contract the dates overlap: the error toast shows those words.
      update.mutate(
        { organizationId, userId, contractId: contract.uid, data },
        mutationToasts(t("contracts.updated"), onClose),
      );
    } else {
      create.mutate({ organizationId, userId, data }, mutationToasts(t("contracts.created"), onClose));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={contract ? t("contracts.editTitle") : t("contracts.addTitle")}
      size="lg"
      centered
      fullScreen={phone}
    >
      {opened && (
        <ContractForm
          initial={contract ? valuesOf(contract) : newContractValues()}
          pending={pending}
          onSave={save}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
