import type { ComboboxItemGroup } from "@mantine/core";
import type { Project } from "@timetrap/domain";

export interface ProjectOption {
  value: string;
  label: string;
}

/**
 * Spec part 1 §2 "Side panel": the projects grouped by their project category, in name order; a project without a
 * category goes under `noCategoryLabel`, after the named groups.
 */
export function projectOptionGroups(
  projects: readonly Pick<Project, "uid" | "title" | "category">[],
  noCategoryLabel: string,
  locale: string,
): ComboboxItemGroup<ProjectOption, string>[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  const groups = new Map<string, { name: string; items: ProjectOption[] }>();
  const uncategorized: ProjectOption[] = [];
  for (const project of projects) {
    const option = { value: project.uid, label: project.title };
    if (!project.category) {
      uncategorized.push(option);
      continue;
    }
    const group = groups.get(project.category.uid) ?? { name: project.category.name, items: [] };
    group.items.push(option);
    groups.set(project.category.uid, group);
  }
  const byLabel = (a: ProjectOption, b: ProjectOption) => collator.compare(a.label, b.label);
  const named = [...groups.values()]
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((group) => ({ group: group.name, items: group.items.sort(byLabel) }));
  return uncategorized.length > 0 ? [...named, { group: noCategoryLabel, items: uncategorized.sort(byLabel) }] : named;
}
