import { CheckIcon, Combobox, Group, InputBase, useCombobox } from "@mantine/core";
import { IconClock } from "@tabler/icons-react";
import { type ReactNode, useRef, useState } from "react";
import { parseTypedTime, quarterHours } from "./event-form-values";

export interface TimeFieldProps {
  label: string;
  /** `HH:MM`, 24-hour. */
  value: string;
  onChange: (time: string) => void;
  error?: ReactNode;
  readOnly?: boolean;
}

/**
 * A time of day: the quarters of an hour to pick from (spec part 1 §5), or any time typed (`9`, `930`, `9:30`), which
 * is taken when the field is left or Enter is pressed. A typed text that is not a time goes back to the last value.
 */
export function TimeField({ label, value, onChange, error, readOnly = false }: TimeFieldProps) {
  const [typing, setTyping] = useState<string | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () =>
      // Once the options are drawn: the current time a third down the list, with the times around it in view.
      requestAnimationFrame(() => {
        const options = list.current;
        const current = options?.querySelector<HTMLElement>("[data-combobox-active]");
        if (!options || !current) return;
        options.scrollTop +=
          current.getBoundingClientRect().top - options.getBoundingClientRect().top - options.clientHeight / 3;
      }),
  });

  const typed = typing === null ? null : parseTypedTime(typing);
  const listed = quarterHours.includes(value) ? quarterHours : [...quarterHours, value].sort();
  // What is typed comes first, then the quarters of the same hour.
  const choices =
    typing === null || typing.trim() === ""
      ? listed
      : typed
        ? [typed, ...listed.filter((time) => time !== typed && time.slice(0, 2) === typed.slice(0, 2))]
        : [];

  const commit = (time: string) => {
    setTyping(null);
    combobox.closeDropdown();
    if (time !== value) onChange(time);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={commit} readOnly={readOnly}>
      {/* A combobox tells whether its list is open, as Mantine's Select does. */}
      <Combobox.Target withExpandedAttribute>
        <InputBase
          size="md"
          label={label}
          value={typing ?? value}
          error={error}
          readOnly={readOnly}
          inputMode="numeric"
          autoComplete="off"
          leftSection={<IconClock size={16} />}
          rightSection={readOnly ? null : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => !readOnly && combobox.openDropdown()}
          onFocus={() => !readOnly && combobox.openDropdown()}
          onChange={(event) => {
            setTyping(event.currentTarget.value);
            combobox.resetSelectedOption();
            combobox.openDropdown();
          }}
          onKeyDown={(event) => {
            // Enter with no choice highlighted by the arrow keys takes what was typed.
            if (event.key === "Enter" && typed && combobox.getSelectedOptionIndex() === -1) {
              event.preventDefault();
              commit(typed);
            }
          }}
          onBlur={() => {
            if (typed) commit(typed);
            else {
              setTyping(null);
              combobox.closeDropdown();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options ref={list} mah={220} style={{ overflowY: "auto" }}>
          {choices.map((time) => (
            <Combobox.Option key={time} value={time} active={time === value} aria-selected={time === value}>
              <Group gap={8} wrap="nowrap">
                {time === value ? <CheckIcon size={10} /> : <span style={{ width: 10 }} />}
                {time}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
