import { randomUUID } from "node:crypto";
import { deletionSlug } from "@timetrap/domain";
import {
  asanaServerEnvOf,
  jiraServerEnvOf,
  paymoServerEnvOf,
  startFakeAsana,
  startFakeJira,
  startFakePaymo,
  startFakeTodoist,
  todoistServerEnvOf,
} from "@timetrap/fakes";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, expect, test } from "vitest";
import { totpFactors, users, writeBacks } from "../db/schema.js";
import { addMember, buildUser } from "../test/factories.js";
import type { JsonSchema, Parameter } from "../test/fuzz/schema-values.js";
import { connectGoogle, connectUrlOf, pathOf, useTestAppWithGoogle } from "../test/integrations.js";
import { buildFixture, contractFor, type Fixture } from "../test/permission-matrix/fixture.js";
import { request } from "../test/test-app.js";
import { VirtualAuthenticator } from "../test/virtual-authenticator.js";

/**
 * The issue's positive-data test: for every operation of the served document, a request made from its schemas alone
 * (required fields and parameters, minimal values that honour type, format, enum, pattern, lengths, bounds and counts),
 * with the ids of a real organization put where ids go, is accepted. An operation whose request is refused for a rule
 * is in `exceptions`, which says the rule: one a schema cannot state (a token from an e-mail, a code from an
 * authenticator, a slug that must match a name) must be named in the operation's description; one a schema could state
 * is a gap of the document, listed until its schema says it. Each exception's request is still refused as generated,
 * and accepted once it obeys the rule where the test can obey it. Google is the fake Google, to which the admin has
 * connected their calendar.
 */

interface Operation {
  operationId: string;
  description?: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Call {
  operationId: string;
  method: string;
  path: string;
  operation: Operation;
}

/** What a call is sent with beside the generated parts: path ids that must be fresh or of someone else, a caller. */
interface Prepared {
  ids?: Record<string, string>;
  token?: string;
  /** The name of what the call names, for a rule about it (a deletion's slug). */
  name?: string;
  /** The person who makes the call, when not the admin. */
  person?: string;
}
/** A request, as sent (with the prepared token, name and person, for the rules that need them). */
interface Sent extends Omit<Prepared, "ids"> {
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A rule that refuses the generated request. `named`: what the operation's description (or one of its parameters' or
 * body fields' descriptions) must contain, for a rule a schema cannot state; a rule a schema could state has none, and
 * is a gap of the document. `obey`: the generated request changed to obey the rule, which the server then accepts;
 * none when only an e-mail or another party can give what it needs.
 */
interface Exception {
  rule: string;
  named?: RegExp;
  obey?: (sent: Sent) => Sent | Promise<Sent>;
}

/** The fake Paymo and Jira, with which the admin connects those two with their keys. */
const paymo = await startFakePaymo();
const jira = await startFakeJira();
afterAll(() => Promise.all([paymo.close(), jira.close()]));
/** The fake Todoist and Asana, to which the admin connects through their consent pages. */
const todoist = await startFakeTodoist();
const asana = await startFakeAsana();
afterAll(() => Promise.all([todoist.close(), asana.close()]));
const { t, google } = useTestAppWithGoogle({
  ...paymoServerEnvOf(paymo),
  ...jiraServerEnvOf(jira),
  ...todoistServerEnvOf(todoist),
  ...asanaServerEnvOf(asana),
});
let f: Fixture;
let document: Document;
/** The admin's Google calendar (the primary one, named by the account's address) and an event in it. */
let googleCalendarId: string;
let googleEventId: string;

beforeAll(async () => {
  f = await buildFixture(t);
  await connectGoogle(t, google, f.users.admin);
  googleCalendarId = f.users.admin.email;
  googleEventId = googleEvent("Planning");
  const served = await request(t.app, { method: "GET", url: "/api/v1/openapi.json" });
  document = served.json() as Document;
}, 60_000);

// --- Values from a schema -------------------------------------------------------------------------------------------

/** Each generated string, date and address differs from the others, so that no uniqueness rule decides a call. */
let serial = 0;
const day = 86_400_000;

/** Candidates for a pattern, the first that matches wins: the document's patterns are times, colours, codes, digits. */
const patternSamples = ["09:00", "#228BE6", "123456", "https://example.com/hooks", "project.status.change", "sample"];

/** The real id a field of this name refers to, in the fixture's organization. */
function idNamed(name: string): string | undefined {
  const admin = f.users.admin.id;
  const byName: Record<string, string> = {
    customer_id: f.customerId,
    project_manager_id: admin,
    salesaccount: admin,
    userId: admin,
    user_id: admin,
    projectId: f.projectId,
    project_id: f.projectId,
    role_id: f.memberRoleId,
    organization_role_id: f.memberRoleId,
    time_blocking_event_id: f.eventId,
    kind_id: f.kindId,
    holiday_group_id: f.holidayGroupId,
  };
  return byName[name];
}

/** The real id a string field of this name refers to at Google (a calendar's id is no UUID). */
function googleIdNamed(name: string): string | undefined {
  return name === "calendar_id" ? googleCalendarId : undefined;
}

/** An event of an hour in the admin's Google calendar, made at the fake Google: its id. */
function googleEvent(summary: string): string {
  return google.addEvent(googleCalendarId, googleCalendarId, {
    summary,
    start: { dateTime: "2026-03-02T09:00:00+01:00" },
    end: { dateTime: "2026-03-02T10:00:00+01:00" },
  }).id;
}

/** The least value the schema accepts: required properties only, the first enum value and alternative, bounds. */
function minimal(schema: JsonSchema, name: string): unknown {
  if (schema.$ref) return minimal(document.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {}, name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return minimal(alternatives[0]!, name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => minimal(part, name)));
  const type = [schema.type ?? "object"].flat().find((each) => each !== "null") ?? "null";
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return false;
    case "integer":
    case "number":
      return minimalNumber(schema);
    case "string":
      return minimalString(schema, name);
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}, name));
    default: {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      const required = new Set(schema.required ?? []);
      // A change must change something (minProperties): the first fields, in the schema's order.
      for (const each of names) if (required.size < (schema.minProperties ?? 0)) required.add(each);
      return Object.fromEntries(
        names.filter((each) => required.has(each)).map((each) => [each, minimal(properties[each]!, each)]),
      );
    }
  }
}

/** Zero when the bounds allow it, else the bound nearest to it (one step inside an exclusive one). */
function minimalNumber(schema: JsonSchema): number {
  const low = schema.exclusiveMinimum === undefined ? schema.minimum : schema.exclusiveMinimum + 1;
  const high = schema.exclusiveMaximum === undefined ? schema.maximum : schema.exclusiveMaximum - 1;
  if (low !== undefined && low > 0) return low;
  if (high !== undefined && high < 0) return high;
  return 0;
}

function minimalString(schema: JsonSchema, name: string): string {
  const value = stringFor(schema, name);
  const fits =
    value.length >= (schema.minLength ?? 0) &&
    value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, "u").test(value));
  if (!fits) throw new Error(`no value for ${name}: ${JSON.stringify(value)} does not fit ${JSON.stringify(schema)}`);
  return value;
}

/** A string of the schema's format, else a sample that matches its pattern, else a short text of its lengths. */
function stringFor(schema: JsonSchema, name: string): string {
  serial += 1;
  const googleId = googleIdNamed(name);
  if (googleId) return googleId;
  if (schema.format === "uuid") {
    const id = idNamed(name);
    if (!id) throw new Error(`no id of the fixture for a field named ${name}`);
    return id;
  }
  if (schema.format === "email") return `positive-${serial}@example.com`;
  // Never a Monday nor a 1st: a date of those is a period's start, which some operations ask for by a rule of their
  // own (an exception below); made by chance, it would turn the exception into an acceptance.
  let date = new Date(Date.UTC(2026, 0, 1) + serial * day);
  while (date.getUTCDay() === 1 || date.getUTCDate() === 1) date = new Date(date.getTime() + day);
  if (schema.format === "date") return date.toISOString().slice(0, 10);
  if (schema.format === "date-time") return date.toISOString();
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, "u");
    return patternSamples.find((candidate) => pattern.test(candidate)) ?? "";
  }
  const text = `v${serial}`.padEnd(schema.minLength ?? 0, "x");
  return schema.maxLength === undefined ? text : text.slice(0, schema.maxLength);
}

/**
 * The request for an operation: its path with the real ids (or the first value of a path part that is a choice, such as
 * a service's name), its required query parameters and its body.
 */
function generate(call: Call, prepared: Prepared): Sent {
  const parameters = call.operation.parameters ?? [];
  const url = call.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const schema = parameters.find((parameter) => parameter.in === "path" && parameter.name === name)?.schema;
    const choice = schema?.enum ? String(minimal(schema, name)) : undefined;
    const id = prepared.ids?.[name] ?? pathId(call.path, name) ?? choice;
    if (!id) throw new Error(`no id for {${name}} of ${call.path}`);
    return id;
  });
  const required = (place: Parameter["in"]) =>
    Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === place && parameter.required)
        .map((parameter) => [parameter.name, String(minimal(parameter.schema, parameter.name))]),
    );
  const query = required("query");
  // Every POST that takes an Idempotency-Key sends one, so that each runs in the transaction that keeps its answer.
  const headers = {
    ...required("header"),
    ...(parameters.some((p) => p.in === "header" && p.name === "idempotency-key")
      ? { "idempotency-key": randomUUID() }
      : {}),
  };
  const schema = call.operation.requestBody?.content["application/json"]?.schema;
  return {
    url,
    query,
    headers,
    body: schema ? minimal(schema, "body") : undefined,
    ...(prepared.token ? { token: prepared.token } : {}),
    ...(prepared.name ? { name: prepared.name } : {}),
    ...(prepared.person ? { person: prepared.person } : {}),
  };
}

/** The fixture's id for a path parameter, by the collection before it (`/customer/{id}` is a customer). */
function pathId(path: string, name: string): string | undefined {
  if (name === "orgId") return f.orgId;
  const segments = path.split("/");
  const collection = segments[segments.indexOf(`{${name}}`) - 1];
  // A member in the organization's paths is the target, so that the admin keeps the role every call needs.
  if (collection === "user") return path.startsWith("/api/v1/organization/") ? f.target.id : f.users.admin.id;
  const byCollection: Record<string, string> = {
    customer: f.customerId,
    project: f.projectId,
    task: f.taskId,
    role: f.spareRoleId,
    contract: f.contractId,
    overheads: f.overheadId,
    "projects-workflows": f.workflowId,
    "task-category": f.taskCategoryId,
    "project-category": f.projectCategoryId,
    "project-area": f.projectAreaId,
    expense: f.expenseId,
    note: f.noteId,
    links: f.linkId,
    updates: f.updateId,
    invitation: f.invitationId,
    "time-blocking": f.eventId,
    recurrence: f.recurrenceId,
    "holiday-groups": f.holidayGroupId,
    "time-off-kinds": f.kindId,
    "time-off-allowances": f.kindId,
    calendars: googleCalendarId,
    events: googleEventId,
  };
  return collection ? byCollection[collection] : undefined;
}

// --- The organization's data each call needs ------------------------------------------------------------------------

/** A fresh item made by the admin through the API: what a delete removes. */
async function fresh(url: string, body: unknown): Promise<string> {
  const made = await f.api("POST", url, body);
  return String(made.uid ?? made.id ?? made.link_id ?? made.update_id);
}

const org = () => `/api/v1/organization/${f.orgId}`;
const project = () => `${org()}/project/${f.projectId}`;
const board = () => `/api/v1/user/${f.users.admin.id}/time-blocking`;
const hour = 3_600_000;

/** A personal access token of `person`, made with their session; answers its id. */
async function accessTokenOf(token: string): Promise<string> {
  const made = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/tokens",
    token,
    json: { name: f.unique("Script"), expires_in_days: null, scope: "read" },
  });
  if (made.statusCode !== 201) throw new Error(`access token not made: ${made.body}`);
  return (made.json() as { id: string }).id;
}

/** The body of a passkey's registration, made by a new software authenticator over the admin's fresh options. */
async function passkeyRegistration(): Promise<{ name: string; response: unknown }> {
  const options = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/passkeys/register/options",
    token: f.users.admin.token,
  });
  return { name: f.unique("Passkey"), response: new VirtualAuthenticator().register(options.json()) };
}

async function freshPasskey(): Promise<string> {
  const made = await request(t.app, {
    method: "POST",
    url: "/api/v1/auth/passkeys/register/verify",
    token: f.users.admin.token,
    json: await passkeyRegistration(),
  });
  if (made.statusCode !== 201) throw new Error(`passkey not registered: ${made.body}`);
  return (made.json() as { id: string }).id;
}

/** A webhook of the fixture's organization, made for the call. */
function freshWebhook(): Promise<string> {
  return fresh(`${org()}/webhooks`, { url: "https://example.com/hooks", events: "project.status.change" });
}

/** A person invited to the organization through the API: their session and the invitation's id. */
async function invitedPerson(): Promise<Prepared> {
  const person = await buildUser(t);
  const id = await fresh(`${org()}/user/invite`, {
    email: person.email,
    nominative: "Invited",
    organization_role_id: f.memberRoleId,
  });
  return { ids: { id }, token: person.token, person: person.id };
}

/**
 * Ids that the fixture's own would not do: what a delete removes is made for it, a call that ends a session or leaves
 * the organization is made by someone else than the admin, and a contract's path names its person.
 */
const prepare: Record<string, () => Promise<Prepared>> = {
  signOut: async () => ({ token: (await f.newSession(f.users.admin)).token }),
  endSession: async () => ({ ids: { id: (await f.newSession(f.users.admin)).sessionId } }),
  revokeAccessToken: async () => ({ ids: { id: await accessTokenOf(f.users.admin.token) } }),
  revokeOrganizationAccessToken: async () => ({ ids: { id: await accessTokenOf(f.target.token) } }),
  renamePasskey: async () => ({ ids: { id: await freshPasskey() } }),
  removePasskey: async () => ({ ids: { id: await freshPasskey() } }),
  createOrganization: async () => ({ ids: { id: f.loner.id }, token: f.loner.token }),
  leaveOrganization: async () => {
    const member = await addMember(t, f.orgId, "member");
    return { ids: { id: member.id }, token: member.token };
  },
  removeMember: async () => ({ ids: { userId: (await addMember(t, f.orgId, "member")).id } }),
  revokeInvitation: async () => ({
    ids: {
      id: await fresh(`${org()}/user/invite`, {
        email: `${f.unique("revoked").replaceAll(" ", "-")}@example.com`,
        nominative: "Revoked",
        organization_role_id: f.memberRoleId,
      }),
    },
  }),
  acceptMyInvitation: invitedPerson,
  declineMyInvitation: invitedPerson,
  updateContract: async () => ({ ids: { userId: f.users.admin.id } }),
  deleteContract: async () => ({
    ids: {
      userId: f.users.admin.id,
      contractId: await fresh(`${org()}/user/${f.users.admin.id}/contract`, contractFor(f.nextYear())),
    },
  }),
  deleteOverhead: async () => ({
    ids: { id: await fresh(`${org()}/overheads`, { amount: 1, from_date: "2025-03-01" }) },
  }),
  deleteHolidayGroup: async () => ({
    ids: { id: await fresh(`${org()}/holiday-groups`, { name: f.unique("Gone"), country: "IT" }) },
  }),
  deleteTimeOffKind: async () => ({
    ids: { id: await fresh(`${org()}/time-off-kinds`, { name: f.unique("Gone"), color: "#000000" }) },
  }),
  // A request of the admin's own (the kind needs approval), which the generated body approves.
  decideTimeOff: async () => {
    const year = f.nextYear();
    const id = await fresh(`${org()}/time-off`, {
      user_id: f.users.admin.id,
      kind_id: f.kindId,
      start_date: `${year}-07-01`,
      end_date: `${year}-07-01`,
    });
    return { ids: { id } };
  },
  deleteWorkflowStatus: async () => ({
    ids: { id: await fresh(`${org()}/projects-workflows`, { name: f.unique("Gone") }) },
  }),
  getTimesheetPeriod: async () => ({ ids: { userId: f.users.admin.id, periodStart: nextMonday() } }),
  submitTimesheetPeriod: async () => ({ ids: { userId: f.users.admin.id, periodStart: nextMonday() } }),
  withdrawTimesheetPeriod: async () => {
    const periodStart = nextMonday();
    await f.api("POST", `/api/v1/user/${f.users.admin.id}/timesheet/${periodStart}/submit`);
    return { ids: { userId: f.users.admin.id, periodStart } };
  },
  approveTimesheetPeriod: () => submittedPeriod(false),
  rejectTimesheetPeriod: () => submittedPeriod(false),
  reopenTimesheetPeriod: () => submittedPeriod(true),
  deleteTaskCategory: async () => ({
    ids: { id: await fresh(`${org()}/task-category`, { name: f.unique("Gone"), color: "#228BE6" }) },
  }),
  deleteProjectCategory: async () => ({
    ids: { id: await fresh(`${org()}/project-category`, { name: f.unique("Gone"), color: "#228BE6" }) },
  }),
  deleteProjectArea: async () => ({ ids: { id: await fresh(`${org()}/project-area`, { name: f.unique("Gone") }) } }),
  deleteTask: async () => ({
    ids: {
      id: await fresh(`${org()}/task`, { name: f.unique("Gone"), projectId: f.projectId, userId: f.users.admin.id }),
    },
  }),
  deleteProject: async () => ({
    ids: {
      id: await fresh(`${org()}/project`, {
        title: f.unique("Gone"),
        customer_id: f.customerId,
        project_manager_id: f.users.admin.id,
        salesaccount: [f.users.admin.id],
      }),
    },
  }),
  deleteCustomer: async () => {
    const name = f.unique("Gone");
    return { ids: { id: await fresh(`${org()}/customer`, { nominative: name }) }, name };
  },
  deleteProjectExpense: async () => ({
    ids: { expenseId: await fresh(`${project()}/expense`, { title: f.unique("Gone"), amount: 1 }) },
  }),
  deleteProjectNote: async () => ({ ids: { noteId: await fresh(`${project()}/note`, { note: f.unique("Gone") }) } }),
  deleteProjectLink: async () => ({
    ids: { linkId: await fresh(`${project()}/links`, { title: f.unique("Gone"), url: "https://example.com" }) },
  }),
  deleteProjectUpdate: async () => ({
    ids: { updateId: await fresh(`${project()}/updates`, { status: "in_progress", update: f.unique("Gone") }) },
  }),
  deleteEvent: async () => {
    const now = Date.now();
    return {
      ids: {
        eventId: await fresh(board(), {
          title: f.unique("Gone"),
          start_time: now - 3 * hour,
          end_time: now - 2 * hour,
        }),
      },
    };
  },
  // Webhooks: each call on a webhook of its own (a delete removes it), the deliveries' on a test event's delivery.
  updateWebhook: async () => ({ ids: { webhookId: await freshWebhook() } }),
  deleteWebhook: async () => ({ ids: { webhookId: await freshWebhook() } }),
  rotateWebhookSecret: async () => ({ ids: { webhookId: await freshWebhook() } }),
  sendWebhookTestEvent: async () => ({ ids: { webhookId: await freshWebhook() } }),
  listWebhookDeliveries: async () => ({ ids: { webhookId: await freshWebhook() } }),
  redeliverWebhookDelivery: async () => {
    const webhookId = await freshWebhook();
    const test = await request(t.app, {
      method: "POST",
      url: `${org()}/webhooks/${webhookId}/test`,
      token: f.users.admin.token,
    });
    if (test.statusCode !== 202) throw new Error(`test event not sent: ${test.body}`);
    return { ids: { webhookId, deliveryId: (test.json() as { uid: string }).uid } };
  },
  // The admin's Paymo and Jira connected with the fakes' keys.
  listPaymoTasks: async () => {
    await f.api("POST", `/api/v1/user/${f.users.admin.id}/integration`, { service: "paymo", auth_token: paymo.apiKey });
    return {};
  },
  listJiraTasks: async () => {
    await f.api("POST", `/api/v1/user/${f.users.admin.id}/integration`, {
      service: "jira",
      auth_token: jira.apiToken,
      metadata: { email: jira.email, domain: jira.domain },
    });
    return {};
  },
  // The admin's Todoist and Asana connected (again) through the fakes' consent pages, with an item to complete.
  listTodoistTasks: () => connectAdminTo("todoist"),
  disconnectTodoist: () => connectAdminTo("todoist"),
  closeTodoistTask: async () => {
    await connectAdminTo("todoist");
    return { ids: { id: todoist.addTask(f.users.admin.email, { content: f.unique("Close") }).id } };
  },
  listAsanaWorkspaces: () => connectAdminTo("asana"),
  listAsanaProjects: () => connectAdminTo("asana"),
  listAsanaTasks: () => connectAdminTo("asana"),
  disconnectAsana: () => connectAdminTo("asana"),
  completeAsanaTask: async () => {
    await connectAdminTo("asana");
    const task = asana.addTask(f.users.admin.email, { name: f.unique("Complete"), workspace: asanaWorkspaceGid });
    return { ids: { id: task.gid } };
  },
  // The admin's Google Calendar connected (again), whichever call removed it before.
  deleteUserIntegration: async () => {
    await connectGoogle(t, google, f.users.admin);
    return {};
  },
  deleteGoogleEvent: async () => {
    await connectGoogle(t, google, f.users.admin);
    return { ids: { eventId: googleEvent("Gone") } };
  },
  stopTimer: async () => {
    const timer = await f.api("GET", `/api/v1/user/${f.users.admin.id}/timer`);
    if (Object.keys(timer).length === 0) {
      const now = Date.now();
      const eventId = await fresh(board(), { title: f.unique("Timed"), start_time: now - hour, end_time: now + hour });
      await f.api("POST", `/api/v1/user/${f.users.admin.id}/timer`, {
        start_time: now - 60_000,
        time_blocking_event_id: eventId,
      });
    }
    return {};
  },
  // The generated service is Todoist's (the first tool), connected (again); a failed write-back of the admin's, with
  // Jira connected and write-back on for it, for the retry.
  updateUserIntegration: () => connectAdminTo("todoist"),
  retryWriteBack: async () => {
    const admin = f.users.admin.id;
    await f.api("POST", `/api/v1/user/${admin}/integration`, {
      service: "jira",
      auth_token: jira.apiToken,
      metadata: { email: jira.email, domain: jira.domain },
    });
    await f.api("PATCH", `/api/v1/user/${admin}/integration/jira`, { write_back: true });
    const now = Date.now();
    const eventId = await fresh(board(), {
      title: f.unique("Logged"),
      start_time: now - 2 * hour,
      end_time: now - hour,
    });
    await t.db.insert(writeBacks).values({
      eventId,
      userId: admin,
      organizationId: f.orgId,
      service: "jira",
      itemId: "PROJ-1",
      state: "failed",
      lastError: "Jira API: Issue does not exist or you do not have permission to see it.",
    });
    return { ids: { eventId } };
  },
};

// --- What the schemas do not say -----------------------------------------------------------------------------------

/** An exception whose request only an e-mail, a sign-in's first step or another party can complete. */
const outside = (rule: string, named: RegExp): Exception => ({ rule, named });
/** How a description says that a token comes from an e-mail. */
const mailedToken = /(token|link)\b.{0,80}\b(e-?mail|mail)|\b(e-?mail|mail)\b.{0,80}\b(token|link)/i;

/** The admin's authenticator app set up anew through the API and, with `enable`, turned on; its codes. */
async function authenticatorApp(enable: boolean): Promise<{ code: string; recoveryCodes: string[] }> {
  const admin = f.users.admin;
  await t.db.delete(totpFactors).where(eq(totpFactors.userId, admin.id));
  const call = (url: string, json?: unknown) =>
    request(t.app, { method: "POST", url, token: admin.token, ...(json === undefined ? {} : { json }) });
  const { secret } = (await call("/api/v1/auth/totp/setup")).json() as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  if (!enable) return { code, recoveryCodes: [] };
  const enabled = await call("/api/v1/auth/totp/enable", { code });
  if (enabled.statusCode !== 200) throw new Error(`authenticator app not enabled: ${enabled.body}`);
  return { code, recoveryCodes: (enabled.json() as { recovery_codes: string[] }).recovery_codes };
}

/** A second factor's confirmation: the account's password and one of its recovery codes. */
const confirmedWithSecondFactor = async (sent: Sent): Promise<Sent> => ({
  ...sent,
  body: { password: f.users.admin.password, code: (await authenticatorApp(true)).recoveryCodes[0] },
});

/** The invited person's address verified, as the invitation e-mail's link would. */
const verified = async (sent: Sent): Promise<Sent> => {
  await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, sent.person!));
  return sent;
};

/** A Monday no call has used yet, so that each submission starts from an open period. */
let mondaysUsed = 0;
function nextMonday(): string {
  mondaysUsed += 1;
  return new Date(Date.UTC(2031, 0, 6 + 7 * mondaysUsed)).toISOString().slice(0, 10);
}

/** A period the target submitted, for an approver's decision; approved too, for a reopening. */
async function submittedPeriod(approved: boolean): Promise<Prepared> {
  const periodStart = nextMonday();
  const submitted = await request(t.app, {
    method: "POST",
    url: `/api/v1/user/${f.target.id}/timesheet/${periodStart}/submit`,
    token: f.target.token,
  });
  if (submitted.statusCode !== 200) throw new Error(`period not submitted: ${submitted.body}`);
  if (approved) await f.api("POST", `${org()}/timesheet/${f.target.id}/${periodStart}/approve`, {});
  return { ids: { userId: f.target.id, periodStart } };
}

/**
 * The Asana workspace the generated queries name: a gid is letters and digits, so the pattern's sample (`123456`) is
 * the admin's workspace at the fake.
 */
const asanaWorkspaceGid = "123456";

/** The admin's Todoist or Asana connected (again) through the fake's consent page, Allow pressed. */
async function connectAdminTo(service: "todoist" | "asana"): Promise<Prepared> {
  const admin = f.users.admin;
  const started = await request(t.app, { method: "GET", url: `/api/v1/connect/${service}`, token: admin.token });
  if (started.statusCode !== 200) throw new Error(`${service} not started: ${started.body}`);
  const fake = service === "todoist" ? todoist : asana;
  const location = fake.consent((started.json() as { url: string }).url, { email: admin.email, allow: true });
  const back = await request(t.app, { method: "GET", url: pathOf(location) });
  if (!String(back.headers.location).includes(`connected=${service}`)) {
    throw new Error(`${service} not connected: ${String(back.headers.location)}`);
  }
  // Stored again each time under the same gid: one workspace.
  if (service === "asana") asana.addWorkspace(admin.email, { gid: asanaWorkspaceGid, name: "Studio" });
  return {};
}

const exceptions: Record<string, Exception> = {
  // Rules a schema cannot state: the description names them.
  signIn: {
    rule: "the e-mail and password of an existing account",
    named: /password/i,
    obey: (sent) => ({ ...sent, body: { email: f.loner.email, password: f.loner.password } }),
  },
  signUp: {
    rule: "a password not easy to guess (zxcvbn score of 3 or more)",
    named: /guess|zxcvbn/i,
    obey: (sent) => ({ ...sent, body: { ...(sent.body as object), password: "a long Passphrase 42!" } }),
  },
  signInSecondFactor: outside("the ticket of sign-in's first step and a second factor's code", /ticket/i),
  signInWithGoogle: outside("a Google ID token, with Google sign-in configured", /google/i),
  resetPassword: outside("the token of a password reset e-mail", mailedToken),
  signInWithPasskey: outside("an assertion signed by a registered passkey over the server's challenge", /challenge/i),
  getPasskeySecondFactorOptions: outside("the ticket of sign-in's first step", /ticket/i),
  signInSecondFactorWithPasskey: outside("the ticket of sign-in's first step and a passkey's assertion", /ticket/i),
  getInvitationByLink: outside("the token of an invitation e-mail", mailedToken),
  declineInvitationByLink: outside("the token of an invitation e-mail", mailedToken),
  acceptInvitationByLink: outside("the token of an invitation e-mail", mailedToken),
  verifyEmail: outside("the token of a verification e-mail", mailedToken),
  registerPasskey: {
    rule: "an authenticator's attestation over the challenge of the registration options",
    named: /challenge|register\/options/i,
    obey: async (sent) => ({ ...sent, body: await passkeyRegistration() }),
  },
  enableAuthenticatorApp: {
    rule: "the current code of the authenticator app set up with the secret of totp/setup",
    named: /authenticator app|totp\/setup/i,
    obey: async (sent) => ({ ...sent, body: { code: (await authenticatorApp(false)).code } }),
  },
  regenerateRecoveryCodes: {
    rule: "the account's current password and a valid second factor code",
    named: /password/i,
    obey: confirmedWithSecondFactor,
  },
  disableAuthenticatorApp: {
    rule: "the account's current password and a valid second factor code",
    named: /password/i,
    obey: confirmedWithSecondFactor,
  },
  acceptMyInvitation: { rule: "the caller's e-mail address is verified", named: /verif/i, obey: verified },
  declineMyInvitation: { rule: "the caller's e-mail address is verified", named: /verif/i, obey: verified },
  createEvent: {
    rule: "end_time after start_time",
    named: /end_time.{0,60}\b(after|later than)\b|\b(after|later than) (the )?start/i,
    obey: (sent) => {
      const body = sent.body as { start_time: number };
      return { ...sent, body: { ...body, end_time: body.start_time + 3_600_000 } };
    },
  },
  listTimesheetApprovals: {
    rule: "period_start starts a period of the organization's kind: a Monday by week, a 1st by month",
    named: /a Monday by week, a 1st by month/,
    obey: (sent) => ({ ...sent, query: { ...sent.query, period_start: "2026-11-23" } }),
  },
  completeIntegrationConnection: {
    rule: "the state that GET connect/{service} signed and the code of the consent page",
    named: /\bstate\b.{0,20}\bsigned\b/i,
    obey: async (sent) => {
      const admin = f.users.admin;
      const back = new URL(google.consent(await connectUrlOf(t, admin), { email: admin.email, allow: true }));
      return { ...sent, query: Object.fromEntries(back.searchParams) };
    },
  },
  listGoogleEvents: {
    rule: "end_time after start_time",
    named: /end_time.{0,60}\b(after|later than)\b|\b(after|later than) (the )?start/i,
    obey: (sent) => ({
      ...sent,
      query: { ...sent.query, end_time: String(Number(sent.query.start_time) + 3_600_000) },
    }),
  },
  listWriteBacks: {
    rule: "end_time after start_time",
    named: /end_time.{0,60}\b(after|later than)\b|\b(after|later than) (the )?start/i,
    obey: (sent) => ({
      ...sent,
      query: { ...sent.query, end_time: String(Number(sent.query.start_time) + 3_600_000) },
    }),
  },
  createUserIntegration: {
    rule: "a key the service takes: the credential is checked with the service before it is kept",
    named: /checked with the service before it is kept/,
    obey: (sent) => ({ ...sent, body: { service: "paymo", auth_token: paymo.apiKey } }),
  },
  // A rule the query's parameters cannot state: one of the two.
  listAsanaTasks: {
    rule: "a project's gid or, for all projects, a workspace's: one of the two",
    named: /one of the two, not both/,
    obey: (sent) => ({ ...sent, query: { ...sent.query, workspaceId: asanaWorkspaceGid } }),
  },
  // Rules of the data: the organization has more people than the free plan's five by then; no Paddle keys here.
  downgradeOrganizationSubscription: {
    rule: "no more users and projects than the free plan allows",
    named: /more users or projects than the free plan allows/,
  },
  receivePaddleWebhook: {
    rule: "a server with payments configured, and Paddle's signature over the body",
    named: /payments are not configured/i,
  },
  deleteCustomer: {
    rule: "slug: the delete label and the customer's name, slugified",
    named: /customer's name|name of the customer/i,
    obey: (sent) => ({ ...sent, query: { ...sent.query, slug: deletionSlug("Delete", sent.name ?? "") } }),
  },
};

// --- The calls ------------------------------------------------------------------------------------------------------

/** Reads first, then what makes, then what changes, then what deletes: each on the fixture's data or fresh items. */
const methodOrder = ["get", "post", "put", "patch", "delete"];

function calls(): Call[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        operation,
      })),
    )
    .sort((a, b) => methodOrder.indexOf(a.method.toLowerCase()) - methodOrder.indexOf(b.method.toLowerCase()));
}

/** The server's words for a refusal: its message and the fields it names. */
function refusal(body: string): string {
  try {
    const parsed = JSON.parse(body) as { ErrorMessage?: string; details?: unknown };
    return `${parsed.ErrorMessage ?? body.slice(0, 300)}${parsed.details ? ` ${JSON.stringify(parsed.details)}` : ""}`;
  } catch {
    return body.slice(0, 300);
  }
}

async function send(call: Call, sent: Sent) {
  const search = new URLSearchParams(sent.query).toString();
  const isPublic = Array.isArray(call.operation.security) && call.operation.security.length === 0;
  const token = sent.token ?? (isPublic ? undefined : f.users.admin.token);
  const response = await request(t.app, {
    method: call.method as "GET",
    url: search ? `${sent.url}?${search}` : sent.url,
    ...(token ? { token } : {}),
    ...(sent.body === undefined ? {} : { json: sent.body }),
    headers: sent.headers,
    remoteAddress: f.nextAddress(),
  });
  // A redirect that carries the outcome in its address (a connection's callback) is accepted when it names no error.
  const location = response.headers.location;
  const accepted =
    (response.statusCode >= 200 && response.statusCode < 300) ||
    (response.statusCode === 302 &&
      typeof location === "string" &&
      !new URL(location, "http://timetrap.test").searchParams.has("error"));
  const shown =
    `${call.operationId} (${call.method} ${call.path}) → ${response.statusCode}: ${refusal(response.body)}\n` +
    `    sent ${sent.url} ${JSON.stringify(sent.query)} ${JSON.stringify(sent.body)}`;
  return { accepted, shown };
}

test("every operation accepts a request made from its schemas with real ids, or its refusal is an exception", async () => {
  const failures: string[] = [];
  let accepted = 0;
  const all = calls();
  for (const call of all) {
    const exception = exceptions[call.operationId];
    let sent: Sent;
    try {
      sent = generate(call, await (prepare[call.operationId]?.() ?? Promise.resolve({})));
    } catch (error) {
      failures.push(`${call.operationId} (${call.method} ${call.path}): not generated: ${(error as Error).message}`);
      continue;
    }
    const generated = await send(call, sent);
    if (!exception) {
      if (generated.accepted) accepted += 1;
      else failures.push(generated.shown);
      continue;
    }
    // An exception holds only while its rule refuses the generated request, and obeying the rule is enough.
    if (generated.accepted) failures.push(`${generated.shown}\n    accepted: "${exception.rule}" is no exception`);
    if (exception.obey) {
      const obeyed = await send(call, await exception.obey(sent));
      if (!obeyed.accepted) failures.push(`${obeyed.shown}\n    refused though it obeys "${exception.rule}"`);
    }
  }
  expect(failures, `${accepted} of ${all.length} accepted as generated`).toEqual([]);
  expect(Object.keys(exceptions).filter((id) => !all.some((call) => call.operationId === id))).toEqual([]);
  expect(accepted).toBe(all.length - Object.keys(exceptions).length);
});

/** Every description of an operation: its own, and those of its path and query parameters and body fields. */
function descriptions(operation: Operation): string {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "description" && typeof inner === "string") found.push(inner);
      else walk(inner);
    }
  };
  // Not the headers': the idempotency key's description, on many operations, names no operation's rule.
  const parameters = operation.parameters?.filter((parameter) => parameter.in !== "header");
  walk({ description: operation.description, parameters, body: operation.requestBody });
  return found.join("\n");
}

test("each rule a schema cannot state is named in its operation's description", () => {
  const operations = new Map(calls().map((call) => [call.operationId, call.operation]));
  const unnamed = Object.entries(exceptions)
    .filter(([id, { named }]) => named && !named.test(descriptions(operations.get(id)!)))
    .map(([id, { rule }]) => `${id}: ${rule}`);
  expect(unnamed).toEqual([]);
});
