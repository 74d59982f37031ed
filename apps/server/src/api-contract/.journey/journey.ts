/**
 * A script's journey through the API, written as a client would write it: against the types that openapi-typescript
 * generates from the served OpenAPI document (`./schema.js`, written next to this file by client-journey.test.ts) and
 * openapi-fetch's client. The folder's name starts with a dot so that the server's `tsc -p apps/server` (whose
 * `include` wildcard skips such folders) never sees it: the generated file exists only in the test's directory,
 * where this file is type-checked on its own before it runs.
 */
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

export interface JourneyOptions {
  baseUrl: string;
  /** A personal access token (`tt_pat_…`) that may write. */
  token: string;
}

/** What the journey made and read, for the test to check against what it asked for. */
export interface JourneyAnswers {
  userId: string;
  organizationId: string;
  customer: { uid: string; nominative: string };
  project: { uid: string; title: string; customerId: string | null };
  task: { uid: string; name: string; projectId: string | null };
  block: { id: string; title: string; projectId: string | null; taskId: string | null; elapsedTime: number };
  week: Array<{ id: string; title: string; projectTitle: string | null; taskName: string | null }>;
  timesheet: Array<{ projectId: string | null; customerId: string | null; workLog: number }>;
  userReport: { workLog: number; days: Array<{ date: string; workLog: number }> };
  projectReport: { total: number; totalElapsedTime: number; entryIds: string[] };
}

/** The week the journey plans: Monday 9 March 2026, 00:00 UTC, to the next Monday. */
const monday = Date.UTC(2026, 2, 9);
const day = 24 * 3_600_000;
const weekDates = { start_date: "2026-03-09", end_date: "2026-03-15" };

/** An answer's data, or an error naming the call, its status and the server's message. */
function answer<T>(call: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) {
    throw new Error(`${call} answered ${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

/** The JSON form of an answer that may also come as CSV (the journey asks for JSON, so CSV would be a fault). */
function asJson<T>(call: string, data: T): Exclude<T, string> {
  if (typeof data === "string") throw new Error(`${call} answered CSV where JSON was asked for`);
  return data as Exclude<T, string>;
}

export async function runJourney({ baseUrl, token }: JourneyOptions): Promise<JourneyAnswers> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const me = answer("getMe", await client.GET("/api/v1/auth/me"));
  if (!me.organization) throw new Error("the token's person belongs to no organization");
  const userId = me.uid;
  const orgId = me.organization.uid;
  const inOrganization = { params: { path: { orgId } } };

  const customer = answer(
    "createCustomer",
    await client.POST("/api/v1/organization/{orgId}/customer", {
      // A retry of this create after a lost answer would be answered again rather than made twice.
      params: { path: { orgId }, header: { "idempotency-key": crypto.randomUUID() } },
      body: { nominative: "Journey Customer", email: "accounts@journey.example" },
    }),
  );

  const project = answer(
    "createProject",
    await client.POST("/api/v1/organization/{orgId}/project", {
      ...inOrganization,
      body: {
        title: "Journey Project",
        customer_id: customer.uid,
        project_manager_id: userId,
        salesaccount: [userId],
        budget: 1_000,
      },
    }),
  );

  const task = answer(
    "createTask",
    await client.POST("/api/v1/organization/{orgId}/task", {
      ...inOrganization,
      body: { name: "Journey Task", projectId: project.uid, userId, priority: 20 },
    }),
  );

  // A completed activity of an hour and a half on the Tuesday, on the project and its task: logged time.
  const start = monday + day + 9 * 3_600_000;
  const block = answer(
    "createEvent",
    await client.POST("/api/v1/user/{id}/time-blocking", {
      params: { path: { id: userId } },
      body: {
        title: "Journey Block",
        start_time: start,
        end_time: start + 90 * 60_000,
        event_type: "activity",
        completed: true,
        elapsed_time: 90 * 60,
        project_id: project.uid,
        task_linked_id: task.uid,
      },
    }),
  );

  const week = answer(
    "listEvents",
    await client.GET("/api/v1/user/{id}/time-blocking", {
      params: { path: { id: userId }, query: { startTime: String(monday), endTime: String(monday + 7 * day) } },
    }),
  );

  const timesheet = asJson(
    "getTimesheetReport",
    answer(
      "getTimesheetReport",
      await client.GET("/api/v1/report/timesheet", {
        params: { query: { ...weekDates, timesheet_type: "byProject", user_id: userId } },
      }),
    ),
  );

  const userReport = answer(
    "getUserReport",
    await client.GET("/api/v1/report/user/{id}", { params: { path: { id: userId }, query: weekDates } }),
  );

  const projectReport = asJson(
    "listProjectTimeEntries",
    answer(
      "listProjectTimeEntries",
      await client.GET("/api/v1/organization/{orgId}/project/{id}/report", {
        params: { path: { orgId, id: project.uid }, query: { page_size: 10 } },
      }),
    ),
  );

  return {
    userId,
    organizationId: orgId,
    customer: { uid: customer.uid, nominative: customer.nominative },
    project: { uid: project.uid, title: project.title, customerId: project.customer?.uid ?? null },
    task: { uid: task.uid, name: task.name, projectId: task.project?.uid ?? null },
    block: {
      id: block.id,
      title: block.title,
      projectId: block.project_id,
      taskId: block.task_linked_id,
      elapsedTime: block.elapsed_time,
    },
    week: week.map((event) => ({
      id: event.id,
      title: event.title,
      projectTitle: event.project?.title ?? null,
      taskName: event.task?.name ?? null,
    })),
    timesheet: timesheet.rows.map((row) => ({
      projectId: row.project_id ?? null,
      customerId: row.customer_id ?? null,
      workLog: row.work_log,
    })),
    userReport: {
      workLog: userReport.totals.work_log,
      days: userReport.report.map((entry) => ({ date: entry.date, workLog: entry.work_log })),
    },
    projectReport: {
      total: projectReport.total,
      totalElapsedTime: projectReport.total_elapsed_time,
      entryIds: projectReport.entries.map((entry) => entry.id),
    },
  };
}
