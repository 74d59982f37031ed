import { itemUrlOf, type PaymoTasksAnswer } from "@timetrap/domain";
import { z } from "zod";
import type { WriteBackEntry, WriteBackTarget } from "../modules/write-back/write-back-target.js";
import { type ConnectorClientSettings, clientSettingsOf, pageTextMessage, parsed } from "./connector-kit.js";
import { ConnectorError, createConnectorClient } from "./http-client.js";

/**
 * Paymo's API (INTEGRATIONS.md §3, decision 032) with the person's API key, sent as Basic `KEY:X`: the user of the key
 * (`GET /me`, which checks a key before it is kept), the active projects and their incomplete tasks for the side panel,
 * and the time entries a completed block's time is written to.
 */

export const paymoService = "Paymo API";

export interface PaymoConnectorConfig extends ConnectorClientSettings {
  /** `https://app.paymoapp.com/api` (PAYMO_API_URL). */
  apiUrl: string;
}

export interface PaymoUser {
  id: number;
  name: string;
  email: string | null;
}

export interface PaymoConnector {
  /** The user of the key: a key Paymo refuses throws the client's `unauthorized` error. */
  me(apiKey: string): Promise<PaymoUser>;
  /** The active projects (by name) and their incomplete tasks, ids as strings. */
  listTasks(apiKey: string): Promise<PaymoTasksAnswer>;
  /** Time entries on the block's task (`itemId` is the task's id). */
  writeBackTarget: WriteBackTarget;
}

// ---------------------------------------------------------------------------------------------------------------
// What Paymo answers (only the fields read)

const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

const meSchema = z.object({
  users: z
    .array(z.object({ id: z.number().int(), name: z.string().optional(), email: z.string().nullable().optional() }))
    .min(1),
});

const projectsSchema = z.object({
  projects: z.array(z.object({ id, name: z.string(), active: z.boolean().optional() })),
});

const tasksSchema = z.object({
  tasks: z.array(
    z.object({
      id,
      name: z.string(),
      project_id: id,
      complete: z.boolean().optional(),
      description: z.string().nullable().optional(),
      due_date: z.string().nullable().optional(),
    }),
  ),
});

const entriesSchema = z.object({
  entries: z.array(z.object({ id, description: z.string().nullable().optional() })),
});

/** Paymo's errors carry `message` (the documentation promises only "an error message"); a text answer as it is. */
function readPaymoError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  if (body !== null && typeof body === "object") {
    const record = body as { message?: unknown; error?: unknown };
    const message =
      typeof record.message === "string" ? record.message : typeof record.error === "string" ? record.error : null;
    return { reason: null, message: message?.trim() ? message.trim().slice(0, 300) : null };
  }
  return { reason: null, message: pageTextMessage(body) };
}

// ---------------------------------------------------------------------------------------------------------------

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** A task's description as text: Paymo's editor writes HTML (a plain text is kept as it is). */
export function paymoDescriptionText(description: string | null | undefined): string {
  const text = description ?? "";
  if (!/<\/?[a-z][^>]*>/i.test(text)) return text.trim();
  return text
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre|tr)>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X"))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Paymo's times: ISO 8601 in UTC, to the second. */
const paymoTime = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, "Z");

function taskIdOf(itemId: string): number {
  if (!/^\d{1,15}$/.test(itemId)) {
    throw new ConnectorError({
      service: paymoService,
      kind: "not_found",
      status: null,
      reason: "invalid_task_id",
      serviceMessage: `${itemId} is not a Paymo task`,
    });
  }
  return Number(itemId);
}

export function createPaymoConnector(config: PaymoConnectorConfig): PaymoConnector {
  const options = {
    ...clientSettingsOf(config),
    service: paymoService,
    baseUrl: config.apiUrl,
    readError: readPaymoError,
  };
  const client = createConnectorClient(options);
  // A new entry is sent once: a failure or a silence after Paymo wrote it must not write a second one. The write-back
  // job tries again later, and looks for the one it may have written first.
  const once = createConnectorClient({ ...options, retries: 0 });
  const basic = (apiKey: string) => ({
    authorization: `Basic ${Buffer.from(`${apiKey}:X`).toString("base64")}`,
  });

  /** An entry of the block's time: its start and its start plus the logged seconds (Paymo counts the duration). */
  function entryBody(entry: WriteBackEntry) {
    return {
      task_id: taskIdOf(entry.itemId),
      start_time: paymoTime(entry.started),
      end_time: paymoTime(new Date(entry.started.getTime() + Math.max(1, Math.round(entry.seconds)) * 1000)),
      description: entry.note,
    };
  }

  const writeBackTarget: WriteBackTarget = {
    service: "paymo",

    async find(apiKey, entry) {
      const answer = parsed(
        entriesSchema,
        await client.request<unknown>({
          method: "GET",
          path: "/entries",
          query: { where: `task_id=${taskIdOf(entry.itemId)}` },
          headers: basic(apiKey),
        }),
        paymoService,
      );
      return answer.entries.find((one) => (one.description ?? "").includes(entry.reference))?.id ?? null;
    },

    async create(apiKey, entry) {
      const answer = parsed(
        entriesSchema,
        await once.request<unknown>({
          method: "POST",
          path: "/entries",
          headers: basic(apiKey),
          json: entryBody(entry),
        }),
        paymoService,
      );
      const created = answer.entries[0];
      if (!created) {
        throw new ConnectorError({
          service: paymoService,
          kind: "upstream",
          status: null,
          reason: null,
          serviceMessage: "the new time entry came back without its id",
        });
      }
      return created.id;
    },

    async update(apiKey, recordId, entry) {
      await client.request<unknown>({
        method: "PUT",
        path: `/entries/${encodeURIComponent(recordId)}`,
        headers: basic(apiKey),
        json: entryBody(entry),
      });
    },
  };

  return {
    async me(apiKey) {
      const answer = parsed(
        meSchema,
        await client.request<unknown>({ method: "GET", path: "/me", headers: basic(apiKey) }),
        paymoService,
      );
      const user = answer.users[0]!;
      return { id: user.id, name: user.name ?? "", email: user.email ?? null };
    },

    async listTasks(apiKey) {
      const [projectsAnswer, tasksAnswer] = await Promise.all([
        client.request<unknown>({
          method: "GET",
          path: "/projects",
          query: { where: "active=true" },
          headers: basic(apiKey),
        }),
        client.request<unknown>({
          method: "GET",
          path: "/tasks",
          query: { where: "complete=false" },
          headers: basic(apiKey),
        }),
      ]);
      const projects = parsed(projectsSchema, projectsAnswer, paymoService)
        .projects.filter((project) => project.active !== false)
        .map((project) => ({ id: project.id, name: project.name }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      const active = new Set(projects.map((project) => project.id));
      const tasks = parsed(tasksSchema, tasksAnswer, paymoService)
        .tasks.filter((task) => task.complete !== true && active.has(task.project_id))
        .map((task) => ({
          id: task.id,
          name: task.name,
          project_id: task.project_id,
          description: paymoDescriptionText(task.description),
          due_date: task.due_date && /^\d{4}-\d{2}-\d{2}/.test(task.due_date) ? task.due_date.slice(0, 10) : null,
          url: itemUrlOf("paymo", task.id) ?? "",
        }));
      return { projects, tasks };
    },

    writeBackTarget,
  };
}
