export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Choices with the current one kept, even when the list no longer offers it (a completed task, a deactivated
 * assignee): a select shows nothing for a value missing from its data.
 */
export function withCurrentOption(
  options: SelectOption[],
  current: { uid: string; label: string } | null | undefined,
): SelectOption[] {
  if (!current || options.some((option) => option.value === current.uid)) return options;
  return [{ value: current.uid, label: current.label }, ...options];
}
