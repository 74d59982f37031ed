import {
  canEditProject,
  type Project,
  type Task,
  type TaskCategory,
  type TaskInput,
  type TaskUpdate,
  wouldCreateCycle,
} from "@timetrap/domain";
import { AppError, forbidden, notFound } from "../../http/app-error.js";
import type { Member, OrganizationsService } from "../organizations/organizations.service.js";
import type { ProjectsService } from "../projects/projects.service.js";
import type { TaskCategoriesService } from "../task-categories/task-categories.service.js";
import { missingReferenceOf, type TaskQueries, type TaskRow, type TasksRepository } from "./tasks.repository.js";

export type TasksService = ReturnType<typeof createTasksService>;

function badField(field: string, message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, [{ field, message }]);
}

const parentInOtherProject = () => badField("body.parentId", "A subtask's parent must be a task of the same project");
const parentIsDescendant = () =>
  badField("body.parentId", "A task cannot be a subtask of itself or of one of its own subtasks");
const inactiveAssignee = () => badField("body.userId", "The assignee is not an active user of the organization");

/** A write that lost a race with the deletion of what it points at answers what it would have answered a moment later. */
function asNotFound(error: unknown): unknown {
  switch (missingReferenceOf(error)) {
    case "project":
      return notFound("Project");
    case "parent":
      return notFound("Parent task");
    case "user":
      return notFound("User");
    case "category":
      return notFound("Task category");
    default:
      return error;
  }
}

function toUserRef(member: Member | undefined): Task["user"] {
  return member ? { uid: member.userId, nominative: member.nominative, image_url: member.imageUrl } : null;
}

function toProjectRef(project: Project): NonNullable<Task["project"]> {
  return {
    uid: project.uid,
    title: project.title,
    category: project.category,
    customer_nominative: project.customer?.nominative ?? null,
  };
}

/** `items` grouped by a key, each group in the order given. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Every task below `taskId` in its tree, whatever the depth. */
function descendantsOf(taskId: string, links: ReadonlyArray<{ id: string; parentId: string | null }>): string[] {
  const childrenOf = groupBy(links, (link) => link.parentId);
  const found = new Set<string>();
  const pending = (childrenOf.get(taskId) ?? []).map((link) => link.id);
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(childrenOf.get(id) ?? []).map((link) => link.id));
  }
  return [...found];
}

export function createTasksService({
  repository,
  organizations,
  projects,
  taskCategories,
}: {
  repository: TasksRepository;
  organizations: OrganizationsService;
  projects: Pick<ProjectsService, "authorizeProject" | "listProjects" | "findProjectsByIds">;
  taskCategories: Pick<TaskCategoriesService, "requireTaskCategory" | "findTaskCategories">;
}) {
  /** The answers for `rows`, with their people, projects, categories, parents and subtasks looked up once. */
  async function toTasks(organizationId: string, rows: TaskRow[], projectsById: ReadonlyMap<string, Project>) {
    const known = new Map(rows.map((row) => [row.id, row]));
    const missingParents = [...new Set(rows.map((row) => row.parentId))].filter(
      (id): id is string => id !== null && !known.has(id),
    );
    const [members, categories, parents, children, workSeconds] = await Promise.all([
      organizations.listMembers({ organizationId }),
      taskCategories.findTaskCategories({
        organizationId,
        categoryIds: rows.map((row) => row.categoryId).filter((id): id is string => id !== null),
      }),
      repository.findByIds(organizationId, missingParents),
      repository.listChildren(
        organizationId,
        rows.map((row) => row.id),
      ),
      repository.workSecondsOfTasks(
        organizationId,
        rows.map((row) => row.id),
      ),
    ]);
    const people = new Map(members.map((member) => [member.userId, member]));
    for (const parent of parents) known.set(parent.id, parent);
    const childrenOf = groupBy(children, (child) => child.parentId);
    const categoryRef = (category: TaskCategory | undefined) =>
      category ? { uid: category.uid, name: category.name, color: category.color } : null;

    return rows.map((row): Task => {
      const project = projectsById.get(row.projectId);
      const parent = row.parentId ? known.get(row.parentId) : undefined;
      return {
        uid: row.id,
        name: row.name,
        description: row.description,
        due_date: row.dueDate ? row.dueDate.getTime() : null,
        color: row.color,
        complete: row.complete,
        user: toUserRef(row.userId ? people.get(row.userId) : undefined),
        project: project ? toProjectRef(project) : null,
        organization_id: row.organizationId,
        parent_task: parent ? { uid: parent.id, name: parent.name } : null,
        sub_tasks: (childrenOf.get(row.id) ?? []).map((child) => ({
          uid: child.id,
          name: child.name,
          complete: child.complete,
          user: toUserRef(child.userId ? people.get(child.userId) : undefined),
        })),
        priority: row.priority,
        category: categoryRef(row.categoryId ? categories.get(row.categoryId) : undefined),
        total_work_time: (workSeconds.get(row.id) ?? 0) / 3600,
        created_at: row.createdAt.getTime(),
      };
    });
  }

  async function toTask(organizationId: string, row: TaskRow, project: Project): Promise<Task> {
    const [task] = await toTasks(organizationId, [row], new Map([[project.uid, project]]));
    return task!;
  }

  /**
   * The task and its project, for its assignee (everyone may read and write the tasks assigned to them,
   * ARCHITECTURE.md) or someone who sees that project; any other task is as missing as one of another organization.
   */
  async function requireVisibleTask(actorId: string, organizationId: string, taskId: string) {
    const { role } = await organizations.authorize({ actorId, organizationId });
    const row = await repository.findById(organizationId, taskId);
    if (!row) throw notFound("Task");
    if (row.userId === actorId) {
      const [project] = await projects.findProjectsByIds({ organizationId, projectIds: [row.projectId] });
      if (!project) throw notFound("Task");
      return { role, row, project };
    }
    try {
      const project = await projects.authorizeProject({
        actorId,
        organizationId,
        projectId: row.projectId,
        access: "read",
      });
      return { role, row, project };
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") throw notFound("Task");
      throw error;
    }
  }

  /** The assignee must be an active member: someone of another organization is as unknown as nobody. */
  async function assertAssignable(organizationId: string, userId: string): Promise<void> {
    const member = await organizations.requireMember({ organizationId, userId });
    if (member.status !== "active") throw inactiveAssignee();
  }

  /** The parent, read inside the transaction that holds the project's tree lock. */
  async function requireParent(repo: TaskQueries, organizationId: string, parentId: string, projectId: string) {
    const parent = await repo.findById(organizationId, parentId);
    if (!parent) throw notFound("Parent task");
    if (parent.projectId !== projectId) throw parentInOtherProject();
    return parent;
  }

  return {
    /**
     * Tasks and subtasks of the projects the actor sees, and those assigned to the actor wherever they are, newest
     * first, optionally of one project and one assignee. A project out of sight, or of another organization, has no
     * tasks here but the actor's own.
     */
    async listTasks({
      actorId,
      organizationId,
      projectId,
      userId,
    }: {
      actorId: string;
      organizationId: string;
      projectId?: string | undefined;
      userId?: string | undefined;
    }): Promise<Task[]> {
      const visible = await projects.listProjects({ actorId, organizationId });
      const projectsById = new Map(visible.map((project) => [project.uid, project]));
      const projectIds =
        projectId === undefined ? [...projectsById.keys()] : projectsById.has(projectId) ? [projectId] : [];
      const [ofVisibleProjects, assigned] = await Promise.all([
        repository.listByProjects(organizationId, projectIds, userId === undefined ? {} : { userId }),
        userId === undefined || userId === actorId
          ? repository.listAssignedTo(organizationId, actorId, projectId === undefined ? {} : { projectId })
          : Promise.resolve([]),
      ]);
      const rows = [...new Map([...ofVisibleProjects, ...assigned].map((row) => [row.id, row])).values()].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
      );
      const hidden = rows.map((row) => row.projectId).filter((id) => !projectsById.has(id));
      for (const project of await projects.findProjectsByIds({ organizationId, projectIds: hidden })) {
        projectsById.set(project.uid, project);
      }
      return toTasks(organizationId, rows, projectsById);
    },

    async getTask({
      actorId,
      organizationId,
      taskId,
    }: {
      actorId: string;
      organizationId: string;
      taskId: string;
    }): Promise<Task> {
      const { row, project } = await requireVisibleTask(actorId, organizationId, taskId);
      return toTask(organizationId, row, project);
    },

    /** On any project the actor sees; a subtask carries `parentId`, a task of the same project. */
    async createTask({
      actorId,
      organizationId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      input: TaskInput;
    }): Promise<Task> {
      // The input schema refuses an empty project or assignee; the types keep them nullable for the form.
      const projectId = input.projectId!;
      const userId = input.userId!;
      const project = await projects.authorizeProject({ actorId, organizationId, projectId, access: "read" });
      await assertAssignable(organizationId, userId);
      if (input.categoryId) await taskCategories.requireTaskCategory({ organizationId, categoryId: input.categoryId });
      const values = {
        projectId,
        userId,
        parentId: input.parentId,
        categoryId: input.categoryId,
        name: input.name,
        description: input.description,
        dueDate: input.dueDate === null ? null : new Date(input.dueDate),
        complete: input.complete,
        priority: input.priority,
      };
      try {
        const row = await repository.transaction(async (repo) => {
          if (input.parentId) {
            await repo.lockProjectTrees([projectId]);
            await requireParent(repo, organizationId, input.parentId, projectId);
          }
          return repo.insert(organizationId, values);
        });
        return await toTask(organizationId, row, project);
      } catch (error) {
        throw asNotFound(error);
      }
    },

    /**
     * Changes the fields sent. The assignee, or whoever may edit the task's project, may do it. A task moved to
     * another project takes its subtasks along.
     */
    async updateTask({
      actorId,
      organizationId,
      taskId,
      input,
    }: {
      actorId: string;
      organizationId: string;
      taskId: string;
      input: TaskUpdate;
    }): Promise<Task> {
      const { role, row: current, project } = await requireVisibleTask(actorId, organizationId, taskId);
      if (current.userId !== actorId && !canEditProject(role, actorId, project)) {
        throw forbidden("You need to be the task's assignee or have the right to edit project");
      }
      const targetProjectId = input.projectId ?? current.projectId;
      const targetProject =
        targetProjectId === current.projectId
          ? project
          : await projects.authorizeProject({ actorId, organizationId, projectId: targetProjectId, access: "read" });
      if (input.userId && input.userId !== current.userId) await assertAssignable(organizationId, input.userId);
      if (input.categoryId && input.categoryId !== current.categoryId) {
        await taskCategories.requireTaskCategory({ organizationId, categoryId: input.categoryId });
      }

      const values = {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.dueDate === undefined ? {} : { dueDate: input.dueDate === null ? null : new Date(input.dueDate) }),
        ...(input.userId ? { userId: input.userId } : {}),
        ...(input.complete === undefined ? {} : { complete: input.complete }),
        ...(input.priority === undefined ? {} : { priority: input.priority }),
        ...(input.categoryId === undefined ? {} : { categoryId: input.categoryId }),
        ...(input.parentId === undefined ? {} : { parentId: input.parentId }),
        projectId: targetProjectId,
      };
      try {
        const row = await repository.transaction(async (repo) => {
          await repo.lockProjectTrees([current.projectId, targetProjectId]);
          // Read again under the lock: another request may have moved the task meanwhile.
          const task = await repo.findById(organizationId, taskId);
          if (!task) throw notFound("Task");
          const parentId = input.parentId === undefined ? task.parentId : input.parentId;
          const links = await repo.listParentLinks(organizationId, [task.projectId, targetProjectId]);
          if (parentId && (parentId !== task.parentId || targetProjectId !== task.projectId)) {
            await requireParent(repo, organizationId, parentId, targetProjectId);
            const parentOf = new Map(links.map((link) => [link.id, link.parentId]));
            if (wouldCreateCycle(taskId, parentId, (id) => parentOf.get(id) ?? null)) throw parentIsDescendant();
          }
          const updated = await repo.update(organizationId, taskId, values);
          if (!updated) throw notFound("Task");
          if (targetProjectId !== task.projectId) {
            await repo.moveToProject(organizationId, descendantsOf(taskId, links), targetProjectId);
          }
          return updated;
        });
        return await toTask(organizationId, row, targetProject);
      } catch (error) {
        throw asNotFound(error);
      }
    },

    /** The assignee, or whoever may edit the task's project; its subtasks go with it. */
    async deleteTask({
      actorId,
      organizationId,
      taskId,
    }: {
      actorId: string;
      organizationId: string;
      taskId: string;
    }): Promise<void> {
      const { role, row, project } = await requireVisibleTask(actorId, organizationId, taskId);
      if (row.userId !== actorId && !canEditProject(role, actorId, project)) {
        throw forbidden("You need to be the task's assignee or have the right to edit project");
      }
      if (!(await repository.delete(organizationId, taskId))) throw notFound("Task");
    },
  };
}
