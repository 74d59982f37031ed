import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../testing/render";
import { dropEventInput } from "../lib/drop";
import { ItemCard } from "./item-card";
import { buildAsanaTask, buildJiraIssue, buildPaymoTask, buildTodoistTask, todoistProjects } from "./item-fixtures";
import { asanaItems, itemDropItem, jiraItems, paymoItems, type SourceItem, todoistItems } from "./source-item";

/** Wednesday 18 March 2026 at 15:00 in the browser's zone. */
const now = new Date(2026, 2, 18, 15).getTime();

function renderCard(item: SourceItem, onComplete?: () => void) {
  renderWithProviders(
    <ul>
      <li>
        <ItemCard item={item} now={now} onComplete={onComplete} />
      </li>
    </ul>,
  );
  return screen.getByRole("article", { name: item.title });
}

const badgeColor = (element: HTMLElement) =>
  (element.closest("[class*=Badge-root]") as HTMLElement | null)?.style.getPropertyValue("--badge-color");

describe("the task card of an outside item", () => {
  it("shows a Todoist task: title, source, project, due date, link, complete flag, priority and parent", () => {
    const [item] = todoistItems({
      projects: todoistProjects,
      tasks: [
        buildTodoistTask({
          id: "6X7rfFVPjhvv84XG",
          content: "Translate the pricing page",
          description: "Both languages",
          due: { date: "2026-03-16T09:00:00" },
          priority: 4,
          parent_description: "Launch the website",
        }),
      ],
    });
    if (!item) throw new Error("no item");
    const card = within(renderCard(item));

    expect(card.getByText("Translate the pricing page")).toBeInTheDocument();
    expect(card.getByText("Todoist")).toBeInTheDocument();
    expect(card.getByText("Website")).toBeInTheDocument();
    expect(card.getByText("Subtask of Launch the website")).toBeInTheDocument();
    expect(card.getByText("Both languages")).toBeInTheDocument();
    // Two days late: red (spec part 1 §4), the day as the spec writes dates.
    const due = card.getByLabelText("Due 16/03/2026");
    expect(due).toHaveTextContent("16/03/2026");
    expect(badgeColor(due)).toBe("var(--mantine-color-red-light-color)");
    expect(card.getByText("Open")).toBeInTheDocument();
    // Todoist's 4 (urgent) is Timetrap's 40.
    expect(card.getByText("High")).toBeInTheDocument();
    expect(card.getByRole("link", { name: "Open “Translate the pricing page” in Todoist" })).toHaveAttribute(
      "href",
      "https://app.todoist.com/app/task/6X7rfFVPjhvv84XG",
    );
    expect(card.getByRole("link", { name: /in Todoist/ })).toHaveAttribute("target", "_blank");
    expect(card.getByRole("link", { name: /in Todoist/ })).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("article")).toHaveAttribute("data-drop-item", "todoist:6X7rfFVPjhvv84XG");
  });

  it.each([
    [1, "Lowest"],
    [2, "Low"],
    [3, "Medium"],
  ] as [number, string][])("maps Todoist's priority %i to Timetrap's %s", (priority, name) => {
    const [item] = todoistItems({ projects: [], tasks: [buildTodoistTask({ priority })] });
    if (!item) throw new Error("no item");
    expect(within(renderCard(item)).getByText(name)).toBeInTheDocument();
  });

  it("colours today's due date as not late, and a later one the same", () => {
    const [today, later] = paymoItems({
      projects: [],
      tasks: [
        buildPaymoTask({ id: "1", name: "Today", due_date: "2026-03-18" }),
        buildPaymoTask({ id: "2", name: "Later", due_date: "2026-04-02" }),
      ],
    });
    if (!today || !later) throw new Error("no items");
    expect(badgeColor(within(renderCard(today)).getByLabelText("Due 18/03/2026"))).toBe(
      "var(--mantine-color-green-light-color)",
    );
    expect(badgeColor(within(renderCard(later)).getByLabelText("Due 02/04/2026"))).toBe(
      "var(--mantine-color-green-light-color)",
    );
  });

  it("shows an Asana task's projects and its notes as text, never as markup", () => {
    const [item] = asanaItems([
      buildAsanaTask({
        projects: [
          { gid: "1", name: "Legal" },
          { gid: "2", name: "Q2" },
        ],
        html_notes: '<body>Check the <strong>renewal</strong> clause<img src="x" onerror="alert(1)"></body>',
      }),
    ]);
    if (!item) throw new Error("no item");
    const card = renderCard(item);
    expect(within(card).getByText("Legal, Q2")).toBeInTheDocument();
    expect(within(card).getByText("Check the renewal clause")).toBeInTheDocument();
    expect(card.querySelector("strong, img")).toBeNull();
    expect(within(card).getByText("Asana")).toBeInTheDocument();
    // Only Todoist has a priority and a complete flag.
    expect(within(card).queryByText("Open")).not.toBeInTheDocument();
    expect(within(card).queryByText("Medium")).not.toBeInTheDocument();
  });

  it("shows a Jira issue's key and type with the type's own drawn icon, and no image from the site", () => {
    const [item] = jiraItems([buildJiraIssue({ key: "PROJ-12", type: "Story" })]);
    if (!item) throw new Error("no item");
    const card = renderCard(item);
    expect(within(card).getByText("PROJ-12 · Story")).toBeInTheDocument();
    expect(card.querySelector("[data-kind]")).toHaveAttribute("data-kind", "story");
    expect(card.querySelector("img")).toBeNull();
    expect(within(card).getByRole("link", { name: /in Jira/ })).toHaveAttribute(
      "href",
      "https://acme.atlassian.net/browse/PROJ-12",
    );
    expect(card).toHaveAttribute("data-drop-item", "jira:PROJ-12");
  });

  it("links only to web addresses", () => {
    const [item] = asanaItems([buildAsanaTask({ gid: "42", permalink_url: "javascript:alert(1)" })]);
    if (!item) throw new Error("no item");
    // Not the service's address: the one Timetrap makes from the id.
    expect(within(renderCard(item)).getByRole("link", { name: /in Asana/ })).toHaveAttribute(
      "href",
      "https://app.asana.com/0/0/42",
    );
  });

  it("offers completing only where the card is given a way to", async () => {
    const [item] = todoistItems({ projects: [], tasks: [buildTodoistTask()] });
    if (!item) throw new Error("no item");
    const complete = vi.fn();
    renderCard(item, complete);
    const button = screen.getByRole("button", { name: "Complete “Write the release notes”" });
    button.click();
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it("has no complete button without one", () => {
    const [item] = paymoItems({ projects: [], tasks: [buildPaymoTask()] });
    if (!item) throw new Error("no item");
    renderCard(item);
    expect(screen.queryByRole("button", { name: /Complete/ })).not.toBeInTheDocument();
  });
});

describe("dropping an outside item's card", () => {
  const start = new Date(2026, 2, 18, 10, 30);

  it.each([
    [
      "todoist",
      todoistItems({ projects: [], tasks: [buildTodoistTask({ id: "6X7rM8997g3RQmvh" })] }),
      "6X7rM8997g3RQmvh",
    ],
    ["asana", asanaItems([buildAsanaTask({ gid: "1204000000000001" })]), "1204000000000001"],
    ["paymo", paymoItems({ projects: [], tasks: [buildPaymoTask({ id: "4101" })] }), "4101"],
    // Jira's block keeps the key, by which its address names the issue.
    ["jira", jiraItems([buildJiraIssue({ id: "10007", key: "PROJ-7" })]), "PROJ-7"],
  ] as const)("makes a %s item a one-hour activity with the service as source and its id", (service, items, id) => {
    const [item] = items;
    if (!item) throw new Error("no item");
    expect(dropEventInput(itemDropItem(item), { start, allDay: false })).toEqual({
      title: item.title,
      start_time: start.getTime(),
      end_time: start.getTime() + 3_600_000,
      all_day: false,
      elapsed_time: 0,
      event_type: "activity",
      source: service,
      source_id: id,
      project_id: null,
      category_id: null,
      task_linked_id: null,
    });
  });
});
