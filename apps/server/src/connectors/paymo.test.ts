import { paymoTasksAnswerSchema } from "@timetrap/domain";
import { type FakePaymo, startFakePaymo } from "@timetrap/fakes";
import { describe, expect, test } from "vitest";
import { askedOf, failureOf as connectorFailureOf, useFake, writeBackEntryOf } from "../test/connector-tests.js";
import { createPaymoConnector, type PaymoConnector, type PaymoConnectorConfig, paymoDescriptionText } from "./paymo.js";

let paymo: FakePaymo;
let connector: PaymoConnector;

function connectorFor(overrides: Partial<PaymoConnectorConfig> = {}): PaymoConnector {
  return createPaymoConnector({ apiUrl: paymo.apiUrl, timeoutMs: 2000, backoffBaseMs: 10, ...overrides });
}

useFake(
  () => startFakePaymo({ apiKey: "paymo-key-of-giulia", email: "giulia@example.com" }),
  (fake) => {
    paymo = fake;
    connector = connectorFor();
  },
);

/** The call's failure, the API key nowhere in it. */
const failureOf = (promise: Promise<unknown>, ...secrets: string[]) =>
  connectorFailureOf(promise, paymo.apiKey, ...secrets);

const asked = () => askedOf(paymo);

const entryFor = (itemId: string | number, eventId: string, seconds = 5400) =>
  writeBackEntryOf(String(itemId), eventId, seconds, new Date("2026-11-27T08:00:00Z"));

describe("the key", () => {
  test("me answers the user of the key, sent as Basic KEY:X", async () => {
    expect(await connector.me(paymo.apiKey)).toMatchObject({ name: "Giulia Rossi", email: "giulia@example.com" });
    const [request] = paymo.requests;
    expect(request).toMatchObject({ method: "GET", path: "/api/me", status: 200 });
    expect(request?.headers.authorization).toBe("Basic [redacted]");
    expect(request?.headers.accept).toBe("application/json");
  });

  test("a key Paymo refuses is unauthorized with Paymo's message, the key nowhere in it", async () => {
    const failure = await failureOf(connector.me("not-a-paymo-key"), "not-a-paymo-key");
    expect(failure).toMatchObject({ kind: "unauthorized", status: 401, message: "Paymo API: Invalid API key" });
    expect(paymo.requests).toHaveLength(1);
  });
});

describe("projects and tasks", () => {
  test("the active projects by name and their incomplete tasks, ids as strings, the description as text", async () => {
    const web = paymo.addProject({ name: "Website" });
    const app = paymo.addProject({ name: "App" });
    const old = paymo.addProject({ name: "Archive", active: false });
    const checkout = paymo.addTask({
      project_id: web.id,
      name: "Checkout",
      due_date: "2026-11-27",
      description: "<p>Cart &amp; payment</p><ul><li>cards</li><li>PayPal</li></ul>",
    });
    paymo.addTask({ project_id: web.id, name: "Done already", complete: true });
    const login = paymo.addTask({ project_id: app.id, name: "Login", description: "plain text < kept" });
    paymo.addTask({ project_id: old.id, name: "In an archived project" });

    const answer = paymoTasksAnswerSchema.parse(await connector.listTasks(paymo.apiKey));
    expect(answer.projects).toEqual([
      { id: String(app.id), name: "App" },
      { id: String(web.id), name: "Website" },
    ]);
    expect(answer.tasks).toEqual([
      {
        id: String(checkout.id),
        name: "Checkout",
        project_id: String(web.id),
        description: "Cart & payment\n- cards\n- PayPal",
        due_date: "2026-11-27",
        url: `https://app.paymoapp.com/#Paymo.Tasks/${checkout.id}`,
      },
      {
        id: String(login.id),
        name: "Login",
        project_id: String(app.id),
        description: "plain text < kept",
        due_date: null,
        url: `https://app.paymoapp.com/#Paymo.Tasks/${login.id}`,
      },
    ]);
    expect(paymo.requests.map((r) => [r.path, r.query.where])).toEqual(
      expect.arrayContaining([
        ["/api/projects", "active=true"],
        ["/api/tasks", "complete=false"],
      ]),
    );
  });

  test("a 429 is waited out for its Retry-After, then the call succeeds", async () => {
    paymo.addProject({ name: "Website" });
    paymo.failNext(1, { status: 429, retryAfter: 1, path: "/projects" });
    const started = Date.now();
    const answer = await connector.listTasks(paymo.apiKey);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(answer.projects.map((project) => project.name)).toEqual(["Website"]);
    expect(asked().filter((line) => line.includes("/projects"))).toEqual([
      "GET /api/projects 429",
      "GET /api/projects 200",
    ]);
  });

  test("a storm of 429s is rate_limited after the retries", async () => {
    paymo.failNext(10, { status: 429, retryAfter: 0, path: "/projects" });
    const failure = await failureOf(connector.listTasks(paymo.apiKey));
    expect(failure).toMatchObject({ kind: "rate_limited", status: 429, message: "Paymo API: Rate limit exceeded" });
    expect(paymo.requests.filter((r) => r.path === "/api/projects")).toHaveLength(4);
  });

  test("a 5xx is retried, and one that lasts is upstream", async () => {
    paymo.failNext(1, { status: 502, path: "/tasks" });
    expect(await connector.listTasks(paymo.apiKey)).toEqual({ projects: [], tasks: [] });
    paymo.failNext(4, { status: 500, path: "/tasks", message: "Something broke" });
    const failure = await failureOf(connector.listTasks(paymo.apiKey));
    expect(failure).toMatchObject({ kind: "upstream", status: 500, message: "Paymo API: Something broke" });
  });

  test("a Paymo that does not answer in time is a timeout", async () => {
    paymo.failNext(2, { delayMs: 1000 });
    const failure = await failureOf(connectorFor({ timeoutMs: 300 }).listTasks(paymo.apiKey));
    expect(failure).toMatchObject({ kind: "timeout", message: "Paymo API: no answer within 300 ms" });
  });

  test("a Paymo that cannot be reached is upstream after the retries", async () => {
    const closed = await startFakePaymo();
    const address = closed.apiUrl;
    await closed.close();
    const failure = await failureOf(connectorFor({ apiUrl: address }).me(paymo.apiKey));
    expect(failure).toMatchObject({ kind: "upstream", status: null, reason: "ECONNREFUSED" });
  });
});

describe("time entries written back", () => {
  test("create writes one entry of the block's time on the task; find finds it by the reference", async () => {
    const project = paymo.addProject({ name: "Website" });
    const task = paymo.addTask({ project_id: project.id, name: "Checkout" });
    const entry = entryFor(task.id, "event-1");
    expect(await connector.writeBackTarget.find(paymo.apiKey, entry)).toBeNull();
    const id = await connector.writeBackTarget.create(paymo.apiKey, entry);
    expect(paymo.entries(task.id)).toEqual([
      expect.objectContaining({
        id: Number(id),
        task_id: task.id,
        start_time: "2026-11-27T08:00:00Z",
        end_time: "2026-11-27T09:30:00Z",
        duration: 5400,
        description: "1 h 30 m logged in Timetrap on 27/11/2026 [timetrap:event-1]",
      }),
    ]);
    expect(paymo.requests.find((r) => r.method === "GET")?.query).toEqual({ where: `task_id=${task.id}` });
    expect(await connector.writeBackTarget.find(paymo.apiKey, entry)).toBe(id);
    expect(await connector.writeBackTarget.find(paymo.apiKey, entryFor(task.id, "event-2"))).toBeNull();
  });

  test("update changes the same entry; one deleted in Paymo meanwhile is not_found", async () => {
    const project = paymo.addProject({ name: "Website" });
    const task = paymo.addTask({ project_id: project.id, name: "Checkout" });
    const id = await connector.writeBackTarget.create(paymo.apiKey, entryFor(task.id, "event-3"));
    await connector.writeBackTarget.update(paymo.apiKey, id, entryFor(task.id, "event-3", 7200));
    expect(paymo.entries(task.id)).toEqual([
      expect.objectContaining({ id: Number(id), duration: 7200, end_time: "2026-11-27T10:00:00Z" }),
    ]);
    paymo.deleteEntry(Number(id));
    const failure = await failureOf(connector.writeBackTarget.update(paymo.apiKey, id, entryFor(task.id, "event-3")));
    expect(failure).toMatchObject({ kind: "not_found", status: 404, message: "Paymo API: Entry not found" });
  });

  test("a task deleted meanwhile is not_found", async () => {
    const project = paymo.addProject({ name: "Website" });
    const task = paymo.addTask({ project_id: project.id, name: "Gone" });
    paymo.deleteTask(task.id);
    const failure = await failureOf(connector.writeBackTarget.create(paymo.apiKey, entryFor(task.id, "event-4")));
    expect(failure).toMatchObject({ kind: "not_found", status: 404, message: "Paymo API: Task not found" });
    const notATask = await failureOf(connector.writeBackTarget.find(paymo.apiKey, entryFor("PROJ-1", "event-4")));
    expect(notATask).toMatchObject({ kind: "not_found", reason: "invalid_task_id" });
  });

  test("an entry written whose answer failed is not written twice by the call, and find finds it after", async () => {
    const project = paymo.addProject({ name: "Website" });
    const task = paymo.addTask({ project_id: project.id, name: "Lost answer" });
    paymo.failNext(1, { status: 503, method: "POST", afterWrite: true });
    const failure = await failureOf(connector.writeBackTarget.create(paymo.apiKey, entryFor(task.id, "event-5")));
    expect(failure.kind).toBe("upstream");
    expect(paymo.entries(task.id)).toHaveLength(1);
    expect(await connector.writeBackTarget.find(paymo.apiKey, entryFor(task.id, "event-5"))).toBe(
      String(paymo.entries(task.id)[0]?.id),
    );
  });

  test("a rate-limited write is not retried by the call (the job's next attempt looks first)", async () => {
    const project = paymo.addProject({ name: "Website" });
    const task = paymo.addTask({ project_id: project.id, name: "Busy" });
    paymo.failNext(1, { status: 429, retryAfter: 0, method: "POST" });
    const failure = await failureOf(connector.writeBackTarget.create(paymo.apiKey, entryFor(task.id, "event-6")));
    expect(failure.kind).toBe("rate_limited");
    expect(paymo.entries(task.id)).toEqual([]);
  });
});

describe("paymoDescriptionText", () => {
  test.each([
    [null, ""],
    ["  plain  ", "plain"],
    ["<p>One<br>two</p><p>&lt;three&gt; &#233;&#x20ac;</p>", "One\ntwo\n<three> é€"],
    ["<div><strong>Bold</strong> &nbsp;word</div>", "Bold  word"],
  ])("%s", (html, text) => {
    expect(paymoDescriptionText(html)).toBe(text);
  });
});
