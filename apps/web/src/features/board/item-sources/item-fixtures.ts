import type { AsanaTask, JiraIssue, PaymoTasksAnswer, TodoistTasksAnswer } from "@timetrap/domain";

type TodoistTask = TodoistTasksAnswer["tasks"][number];
type PaymoTask = PaymoTasksAnswer["tasks"][number];

/** A Todoist task for tests: "Write the release notes" in the Website project, due 10 March 2026, priority 3. */
export function buildTodoistTask(overrides: Partial<TodoistTask> = {}): TodoistTask {
  const id = overrides.id ?? "6X7rM8997g3RQmvh";
  return {
    id,
    content: "Write the release notes",
    description: "",
    due: { date: "2026-03-10" },
    project_id: "6Jf8VQXxpwv56VQ7",
    url: `https://app.todoist.com/app/task/${id}`,
    completed: false,
    priority: 3,
    parent_description: null,
    ...overrides,
  };
}

export const todoistProjects = [
  { id: "6Jf8VQXxpwv56VQ7", name: "Website" },
  { id: "6Jf8VQXxpwv56VQ8", name: "Home" },
];

/** An Asana task for tests: "Review the contract" in the Legal project, due 10 March 2026. */
export function buildAsanaTask(overrides: Partial<AsanaTask> = {}): AsanaTask {
  const gid = overrides.gid ?? "1204000000000001";
  return {
    gid,
    name: "Review the contract",
    due_on: "2026-03-10",
    projects: [{ gid: "1203000000000001", name: "Legal" }],
    html_notes: "<body>Check the <strong>renewal</strong> clause</body>",
    permalink_url: `https://app.asana.com/0/1203000000000001/${gid}`,
    ...overrides,
  };
}

/** A Paymo task for tests: "Draw the logo" in the Branding project, no due date. */
export function buildPaymoTask(overrides: Partial<PaymoTask> = {}): PaymoTask {
  const id = overrides.id ?? "4101";
  return {
    id,
    name: "Draw the logo",
    project_id: "301",
    description: "",
    due_date: null,
    url: `https://app.paymoapp.com/#Paymo.Tasks/${id}`,
    ...overrides,
  };
}

export const paymoProjects = [
  { id: "301", name: "Branding" },
  { id: "302", name: "Shop" },
];

/** A Jira issue for tests: the bug PROJ-7 on acme.atlassian.net. */
export function buildJiraIssue(overrides: Partial<JiraIssue> & { type?: string } = {}): JiraIssue {
  const { type = "Bug", ...rest } = overrides;
  const key = rest.key ?? "PROJ-7";
  return {
    id: "10007",
    key,
    url: `https://acme.atlassian.net/browse/${key}`,
    fields: {
      summary: "Login fails with a long password",
      issuetype: { id: "10004", name: type, iconUrl: "https://acme.atlassian.net/images/icons/issuetypes/bug.svg" },
    },
    description: "",
    ...rest,
  };
}
