import { Select, type SelectProps } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type Customer, customerInputSchema, foldForSearch } from "@timetrap/domain";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateCustomer } from "../../../api/create-customer";
import { getCustomersQueryOptions, useCustomers } from "../../../api/get-customers";
import { notifyRequestError, notifySuccess } from "../../../lib/notify";

/** The value of the option that creates a customer from what was typed; customer ids are uuids, never this. */
const createOption = "create-customer";

export interface CustomerSelectProps
  extends Omit<SelectProps, "data" | "value" | "onChange" | "searchValue" | "onSearchChange" | "error"> {
  organizationId: string;
  value: string | null;
  onChange: (customerId: string | null) => void;
  error?: string;
}

/**
 * The project's customer, picked by name; a name no customer has yet is offered as a new customer, created on
 * the spot and selected (spec part 2 §2: "A customer can be created inline").
 */
export function CustomerSelect({ organizationId, value, onChange, error, ...props }: CustomerSelectProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const customers = useCustomers(organizationId);
  const create = useCreateCustomer(organizationId);
  const [search, setSearch] = useState("");
  const [createError, setCreateError] = useState<string | null>(null);

  const typed = search.trim();
  const list = customers.data ?? [];
  const selected = list.find((customer) => customer.uid === value);
  const known = list.some((customer) => foldForSearch(customer.nominative) === foldForSearch(typed));

  const data = useMemo(() => {
    const options = [...list]
      .sort((a, b) => a.nominative.localeCompare(b.nominative, i18n.language, { sensitivity: "base" }))
      .map((customer) => ({ value: customer.uid, label: customer.nominative }));
    if (typed && !known && !create.isPending) {
      options.push({ value: createOption, label: t("projectForm.createCustomer", { name: typed }) });
    }
    return options;
  }, [list, typed, known, create.isPending, t, i18n.language]);

  const createCustomer = (nominative: string) => {
    const parsed = customerInputSchema.safeParse({ nominative });
    if (!parsed.success) {
      setCreateError(t("customers.validations.nominativeTooShort"));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (customer: Customer) => {
        // The list is being asked again; until it answers the new customer must already have its name shown.
        queryClient.setQueryData(getCustomersQueryOptions(organizationId).queryKey, (current) =>
          current?.some((c) => c.uid === customer.uid) ? current : [...(current ?? []), customer],
        );
        notifySuccess({ message: t("customers.created") });
        onChange(customer.uid);
        setSearch(customer.nominative);
      },
      onError: notifyRequestError,
    });
  };

  return (
    <Select
      searchable
      clearable
      label={t("projectForm.customer")}
      placeholder={t("projectForm.customerPlaceholder")}
      nothingFoundMessage={t("projectForm.noCustomers")}
      data={data}
      value={selected ? value : null}
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        setCreateError(null);
      }}
      onOptionSubmit={(option) => {
        if (option === createOption) createCustomer(typed);
      }}
      onChange={(next) => {
        if (next !== createOption) onChange(next);
      }}
      disabled={create.isPending}
      error={createError ?? error}
      // Every customer whose name holds the search, and the way to create one stays last and always visible.
      filter={({ options, search: text }) =>
        options.filter(
          (option) =>
            "value" in option &&
            (option.value === createOption || foldForSearch(option.label).includes(foldForSearch(text))),
        )
      }
      {...props}
    />
  );
}
