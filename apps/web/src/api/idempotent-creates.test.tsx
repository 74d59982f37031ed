import { QueryClientProvider, type UseMutationResult } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { Expense } from "@timetrap/domain";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "../app/query-client";
import { buildEvent } from "../features/board/lib/event-fixtures";
import { useCreateExpense } from "../features/projects/api/create-expense";
import { buildTask } from "../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../testing/fetch-stub";
import { useCreateTask } from "./tasks-mutations";
import { useCreateTimeBlockingEvent } from "./time-blocking";
import { useStartTimer } from "./timer";

const projectId = "0b8e3c1e-5a4f-4e44-9f57-8d2b1c3a9e10";
const userId = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

const expense: Expense = {
  uid: "expense-1",
  organization_id: "org-1",
  project_id: projectId,
  title: "Hosting",
  amount: 120,
  estimated_amount: 120,
  confirmed_amount: null,
  is_final_balance: false,
  is_billable: false,
  supplier: null,
  description: null,
  approver: null,
  transacation_date: null,
};

interface Create {
  what: string;
  path: string;
  answer: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: each case's mutation takes its own input
  useCreate: () => UseMutationResult<unknown, Error, any>;
  input: object;
  /** The same intent with a field changed. */
  changed: object;
}

const creates: Create[] = [
  {
    what: "a block",
    path: "/api/v1/user/user-1/time-blocking",
    answer: buildEvent(),
    useCreate: () => useCreateTimeBlockingEvent("user-1"),
    input: { title: "Wireframes", start_time: 1_000, end_time: 3_601_000 },
    changed: { title: "Mockups", start_time: 1_000, end_time: 3_601_000 },
  },
  {
    what: "a task",
    path: "/api/v1/organization/org-1/task",
    answer: buildTask(),
    useCreate: () => useCreateTask("org-1"),
    input: { name: "Write the brief", projectId, userId },
    changed: { name: "Write the brief", projectId, userId, priority: 40 },
  },
  {
    what: "an expense",
    path: `/api/v1/organization/org-1/project/${projectId}/expense`,
    answer: expense,
    useCreate: () => useCreateExpense("org-1", projectId),
    input: { title: "Hosting", amount: 120, is_final_balance: false, is_billable: false },
    changed: { title: "Hosting", amount: 150, is_final_balance: false, is_billable: false },
  },
];

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

/** The server behind `path`: answers are taken in turn ("lost" drops the connection before any answer). */
function server(path: string, answers: (Response | "lost")[]) {
  const fetch = stubFetch({
    [`POST ${path}`]: () => {
      const next = answers.shift();
      if (!next) throw new Error(`no answer left for POST ${path}`);
      if (next === "lost") throw new TypeError("Failed to fetch");
      return next;
    },
  });
  return { keys: () => fetch.requestsTo("POST", path).map((request) => request.headers.get("Idempotency-Key")) };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Sends `input`, and answers whether the create failed. */
async function send(mutation: { current: UseMutationResult<unknown, Error, unknown> }, input: object) {
  let failed = false;
  await act(() => mutation.current.mutateAsync(input).catch(() => (failed = true)));
  return failed;
}

describe.each(creates)("creating $what", ({ path, answer, useCreate, input, changed }) => {
  it("sends the same key when the same create is sent again after a lost answer, and a new one for the next", async () => {
    const api = server(path, ["lost", jsonResponse(answer, 201), jsonResponse(answer, 201)]);
    const { result } = renderHook(useCreate, { wrapper });

    expect(await send(result, input)).toBe(true);
    expect(await send(result, { ...input })).toBe(false);
    const [first, retry] = api.keys();
    expect(first).toMatch(uuid);
    expect(retry).toBe(first);

    // Succeeded: the same content sent again is another create.
    expect(await send(result, input)).toBe(false);
    expect(api.keys()[2]).toMatch(uuid);
    expect(api.keys()[2]).not.toBe(first);
  });

  it("keeps the key after a refusal or a server error, which the server does not keep", async () => {
    const api = server(path, [
      errorResponse(503, "UNAVAILABLE", "Try again"),
      errorResponse(409, "CONFLICT", "A request with this Idempotency-Key is in progress. Try again"),
      jsonResponse(answer, 201),
    ]);
    const { result } = renderHook(useCreate, { wrapper });
    expect(await send(result, input)).toBe(true);
    expect(await send(result, input)).toBe(true);
    expect(await send(result, input)).toBe(false);
    expect(new Set(api.keys()).size).toBe(1);
  });

  it("sends a changed create with a new key", async () => {
    const api = server(path, ["lost", jsonResponse(answer, 201)]);
    const { result } = renderHook(useCreate, { wrapper });
    expect(await send(result, input)).toBe(true);
    expect(await send(result, changed)).toBe(false);
    const [first, second] = api.keys();
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
  });

  it("gives each drawn form its own intent", async () => {
    const api = server(path, ["lost", "lost"]);
    const first = renderHook(useCreate, { wrapper });
    expect(await send(first.result, input)).toBe(true);
    first.unmount();
    // Opened again with the same content: a new intent.
    const again = renderHook(useCreate, { wrapper });
    expect(await send(again.result, input)).toBe(true);
    const [before, after] = api.keys();
    expect(after).toMatch(uuid);
    expect(after).not.toBe(before);
  });
});

describe("starting a timer", () => {
  it("sends each start, whose body holds the time it was asked at, with a key of its own", async () => {
    const path = "/api/v1/user/user-1/timer";
    const api = server(path, ["lost", "lost"]);
    const { result } = renderHook(() => useStartTimer("user-1"), { wrapper });
    await act(() => result.current.mutateAsync("event-1").catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await act(() => result.current.mutateAsync("event-1").catch(() => undefined));
    const [first, second] = api.keys();
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(second).not.toBe(first);
  });
});
