import { describe, expect, it } from "vitest";
import { readTaskModal, taskModalSearch, withoutTaskModal } from "./task-modal-url";

describe("task modal address", () => {
  const page = new URLSearchParams("organizationId=org-1&tab=tasks");

  it("opens a task by id, keeping the page's own parameters", () => {
    const search = taskModalSearch(page, { taskId: "task-1" });
    expect(search).toBe("?organizationId=org-1&tab=tasks&modal=task&taskId=task-1");
    expect(readTaskModal(new URLSearchParams(search))).toEqual({ opened: true, taskId: "task-1", projectId: null });
  });

  it("opens a new task in a project, forgetting a task opened before", () => {
    const open = new URLSearchParams(taskModalSearch(page, { taskId: "task-1" }));
    const search = taskModalSearch(open, { projectId: "project-1" });
    expect(readTaskModal(new URLSearchParams(search))).toEqual({ opened: true, taskId: null, projectId: "project-1" });
  });

  it("closes by removing modal, taskId and projectId only", () => {
    const open = new URLSearchParams(taskModalSearch(page, { projectId: "project-1" }));
    expect(withoutTaskModal(open).toString()).toBe("organizationId=org-1&tab=tasks");
    expect(readTaskModal(withoutTaskModal(open)).opened).toBe(false);
  });

  it("is closed for another modal's parameter", () => {
    expect(readTaskModal(new URLSearchParams("modal=event&taskId=task-1")).opened).toBe(false);
  });
});
