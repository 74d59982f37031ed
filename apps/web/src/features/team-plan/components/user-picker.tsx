import { CheckIcon, Combobox, Group, Loader, Pill, PillsInput, useCombobox } from "@mantine/core";
import type { OrganizationUser } from "@timetrap/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import classes from "./team-plan.module.css";

/** Spec part 1 §9: the picker shows two names, then how many more. */
export const namesShown = 2;
/** Spec part 1 §9: the select-all option's spinner lasts 2.5 s. */
export const selectAllSpinnerMs = 2500;

const selectAllValue = "\u0000all";

/**
 * The chosen people (spec part 1 §2 "Team plan"): the organization's active users sorted by name, a select-all option,
 * and in the field at most two names and "+N more".
 */
export function UserPicker({
  users,
  value,
  onChange,
}: {
  /** Sorted by name. */
  users: readonly OrganizationUser[];
  value: readonly string[];
  onChange: (userIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch("");
    },
  });
  const [search, setSearch] = useState("");
  const [selecting, setSelecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const chosen = users.filter((user) => value.includes(user.uid));
  const allChosen = users.length > 0 && chosen.length === users.length;
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle ? users.filter((user) => user.nominative.toLocaleLowerCase().includes(needle)) : users;

  const toggle = (userId: string) =>
    onChange(value.includes(userId) ? value.filter((id) => id !== userId) : [...value, userId]);

  const selectAll = () => {
    onChange(allChosen ? [] : users.map((user) => user.uid));
    setSelecting(true);
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => setSelecting(false), selectAllSpinnerMs);
  };

  const label = t("teamPlan.toolbar.users");
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(option) => (option === selectAllValue ? selectAll() : toggle(option))}
      withinPortal
    >
      <Combobox.DropdownTarget>
        <PillsInput
          className={classes.userPicker}
          size="sm"
          pointer
          onClick={() => combobox.openDropdown()}
          rightSection={selecting ? <Loader size={16} aria-label={t("common.loading")} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group className={classes.userPills}>
            {chosen.slice(0, namesShown).map((user) => (
              <Pill
                key={user.uid}
                className={classes.userPill}
                withRemoveButton
                removeButtonProps={{ "aria-label": t("teamPlan.grid.remove", { name: user.nominative }) }}
                onRemove={() => toggle(user.uid)}
              >
                {user.nominative}
              </Pill>
            ))}
            {chosen.length > namesShown && (
              <Pill className={classes.userPill}>
                {chosen.length - namesShown === 1
                  ? t("teamPlan.toolbar.oneMore")
                  : t("teamPlan.toolbar.more", { count: chosen.length - namesShown })}
              </Pill>
            )}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label={label}
                placeholder={chosen.length === 0 ? label : undefined}
                value={search}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.updateSelectedOptionIndex();
                  setSearch(e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Backspace" && search === "" && chosen.length > 0) {
                    e.preventDefault();
                    toggle(chosen[chosen.length - 1]?.uid ?? "");
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={320} style={{ overflowY: "auto" }}>
          {!needle && (
            <Combobox.Option value={selectAllValue} className={classes.selectAll}>
              <Group gap="sm" wrap="nowrap">
                {selecting ? <Loader size={12} /> : <span style={{ width: 12 }} />}
                <span>{allChosen ? t("teamPlan.toolbar.clearAll") : t("teamPlan.toolbar.selectAll")}</span>
              </Group>
            </Combobox.Option>
          )}
          {shown.map((user) => {
            const selected = value.includes(user.uid);
            return (
              <Combobox.Option value={user.uid} key={user.uid} active={selected} aria-selected={selected}>
                <Group gap="sm" wrap="nowrap">
                  {selected ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                  <span>{user.nominative}</span>
                </Group>
              </Combobox.Option>
            );
          })}
          {shown.length === 0 && <Combobox.Empty>{t("teamPlan.toolbar.noUser")}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
