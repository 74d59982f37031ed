import { Badge, CloseButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { canAddDomain, normalizeDomain } from "@timetrap/domain";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AddButton } from "./add-button";

export interface DomainListInputProps {
  value: string[];
  onChange: (domains: string[]) => void;
  label: string;
  description?: string;
  disabled?: boolean;
}

/**
 * An organization's e-mail domains as removable chips, with an input whose add button is enabled only for a new,
 * well-formed domain (spec part 1 §5, part 2 §5, through `canAddDomain`). Enter adds too.
 */
export function DomainListInput({ value, onChange, label, description, disabled = false }: DomainListInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const addable = !disabled && canAddDomain(draft, value);

  const add = () => {
    if (!addable) return;
    onChange([...value, normalizeDomain(draft)]);
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };

  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description={description}
        placeholder="example.com"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        rightSectionWidth={116}
        rightSection={
          <AddButton onClick={add} disabled={!addable}>
            {t("domainList.add")}
          </AddButton>
        }
      />
      {value.length > 0 ? (
        <Group gap={6} aria-label={label}>
          {value.map((item) => (
            <Badge
              key={item}
              size="lg"
              variant="light"
              radius="sm"
              tt="none"
              fw={500}
              pr={disabled ? undefined : 4}
              rightSection={
                disabled ? undefined : (
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    aria-label={t("domainList.remove", { domain: item })}
                    onClick={() => onChange(value.filter((d) => d !== item))}
                  />
                )
              }
            >
              {item}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t("domainList.empty")}
        </Text>
      )}
    </Stack>
  );
}
