import type { FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

type Transform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions["transformObject"]>;

/** What the document says of a route's body or answer beyond its schema: the answer's description, one example. */
interface Documentation {
  description?: string;
  example: unknown;
}

/**
 * The documentation of the schemas `answer` and `withExample` made, by schema. Kept beside the schema rather than in
 * its zod metadata, because zod leaves the examples of a transforming schema out of its input JSON Schema (a body's).
 */
const documented = new WeakMap<object, Documentation>();

type JsonSchema = Record<string, unknown>;

/**
 * A route's JSON schemas with their documentation: the example as the schema's single `examples` entry, which
 * @fastify/swagger lifts into the media type's `example` (shown by Swagger UI and Redoc, checked by Redocly against the
 * schema), and an answer's description as `x-response-description`, which it makes the response's description.
 */
function withDocumentation(
  zodSchema: { body?: unknown; response?: Record<string, unknown> },
  jsonSchema: { body?: JsonSchema; response?: Record<string, JsonSchema> },
) {
  const body = zodSchema.body && typeof zodSchema.body === "object" ? documented.get(zodSchema.body) : undefined;
  const response = { ...jsonSchema.response };
  for (const [status, schema] of Object.entries(zodSchema.response ?? {})) {
    const documentation = schema && typeof schema === "object" ? documented.get(schema) : undefined;
    if (!documentation || !response[status]) continue;
    response[status] = {
      ...response[status],
      "x-response-description": documentation.description,
      examples: [documentation.example],
    };
  }
  return {
    ...jsonSchema,
    ...(body && jsonSchema.body ? { body: { ...jsonSchema.body, examples: [body.example] } } : {}),
    ...(jsonSchema.response ? { response } : {}),
  };
}

/**
 * The schema transform of the OpenAPI document: zod's, then the bodies' and answers' documentation (`answer`,
 * `withExample`), and every operation that does not ask for the bearer token says so with `security: []` (OpenAPI's
 * way to mark a public operation under a document-wide scheme), so that a client or a linter never takes sign-in or
 * the configuration for calls that need a token.
 */
export function apiDocumentTransform(): Transform {
  const zod = createJsonSchemaTransform({ skipList: [] }) as Transform;
  return (input) => {
    const result = zod(input);
    if (!result.schema) return result;
    const schema = withCsvAnswer(
      withDocumentation(input.schema as never, result.schema as never) as RouteJsonSchemas,
    ) as RouteJsonSchemas;
    if (!schema.security?.length) return { ...result, schema: { ...schema, security: [] } } as typeof result;
    return { ...result, schema: withBudgetHeaders(schema) } as typeof result;
  };
}

interface RouteJsonSchemas {
  security?: unknown[];
  querystring?: { properties?: { format?: { enum?: unknown[] } } };
  response?: Record<string, JsonSchema>;
}

/**
 * A route whose `format` may be `csv` answers 200 as CSV too (with `format=csv` or `Accept: text/csv`): its answer
 * lists both media types, each with its example.
 */
function withCsvAnswer(schema: RouteJsonSchemas): RouteJsonSchemas {
  const ok = schema.response?.["200"];
  if (!ok || !schema.querystring?.properties?.format?.enum?.includes("csv")) return schema;
  const { examples, "x-response-description": description, ...json } = ok as JsonSchema & { examples?: unknown[] };
  return {
    ...schema,
    response: {
      ...schema.response,
      "200": {
        "x-response-description": description,
        content: {
          "application/json": { schema: json, ...(examples ? { example: examples[0] } : {}) },
          "text/csv": {
            schema: {
              type: "string",
              description: "UTF-8 with a byte-order mark, fields separated by `;`, a header line first",
            },
          },
        },
      },
    },
  };
}

/** The request budget's headers (decision 025), on every answer of an operation that needs a token. */
const budgetHeaders = {
  "ratelimit-limit": {
    type: "integer",
    description: "The requests (or CSV exports) a minute of this token or session",
  },
  "ratelimit-remaining": { type: "integer", description: "The requests left in the current minute's window" },
  "ratelimit-reset": { type: "integer", description: "Seconds until the window ends and the budget is whole again" },
};
const retryAfterHeader = {
  "retry-after": { type: "integer", description: "Seconds to wait before the budget admits a request again" },
};

function withBudgetHeaders(schema: RouteJsonSchemas): RouteJsonSchemas {
  if (!schema.response) return schema;
  const response = Object.fromEntries(
    Object.entries(schema.response).map(([status, answer]) =>
      // A 401 is answered before the caller is known, so no budget is counted or stated.
      status === "401"
        ? [status, answer]
        : [
            status,
            { ...answer, headers: status === "429" ? { ...budgetHeaders, ...retryAfterHeader } : budgetHeaders },
          ],
    ),
  );
  return { ...schema, response };
}

/**
 * The groups of operations, in the order the reference shows them, each with what it holds. Every tag an operation
 * names is one of these (the lint test checks it).
 */
export const apiTags = [
  {
    name: "auth",
    description:
      "Signing in and out (password, Google, passkeys, the second step of two-factor sign-in), sign-up, password " +
      "reset, e-mail verification, and the signed-in person's own sessions, personal access tokens, passkeys, " +
      "authenticator app and security events.",
  },
  { name: "users", description: "A person's profile and preferences, and the organization's members and invitations." },
  {
    name: "organizations",
    description:
      "Creating an organization, its name, e-mail domains and two-factor rule, and its members' personal access tokens.",
  },
  {
    name: "invitations",
    description: "An invited person's side: the invitations addressed to them and the link's page.",
  },
  { name: "roles", description: "The organization's roles and the rights (acls) each grants." },
  { name: "contracts", description: "Members' employment contracts: weekly hours, cost and the period they cover." },
  {
    name: "overheads",
    description: "The organization's overhead costs over periods, shared out over the hours worked.",
  },
  {
    name: "holidays",
    description: "Holiday groups: a country's public holidays and the organization's own days, and who keeps which.",
  },
  {
    name: "time off",
    description:
      "Kinds of time off, a person's requests and their approval, yearly allowances and balances, and days off.",
  },
  { name: "customers", description: "The organization's customers, whom projects are for." },
  {
    name: "projects",
    description: "Projects with their members, budget and dates, and their expenses, notes, links and updates.",
  },
  { name: "project categories", description: "The categories a project may be filed under." },
  { name: "project areas", description: "The areas (departments, business lines) a project may belong to." },
  { name: "workflows", description: "The statuses a project moves through, in their order." },
  {
    name: "webhooks",
    description:
      "The organization's webhooks: addresses that receive a signed POST when a project changes status, passes a " +
      "budget threshold or its margin falls below target, retried for about a day, with each delivery's log.",
  },
  { name: "tasks", description: "Tasks and subtasks of projects, with their assignee, priority and dates." },
  { name: "task categories", description: "The categories of tasks and of planned time." },
  {
    name: "time-blocking",
    description: "A person's board: planning blocks and activities (logged time), one-off or repeating in a series.",
  },
  {
    name: "timesheet approvals",
    description:
      "Submitting a person's timesheet for a week or a month, approving, rejecting or reopening it; an approved period " +
      "locks its activities.",
  },
  { name: "timers", description: "The running timer of a person: start timing an activity, stop it to log the time." },
  {
    name: "team plan",
    description:
      "Each person's planned and logged time against their capacity, day by day: the team plan and its forecast.",
  },
  {
    name: "integrations",
    description:
      "A person's connected services (Google Calendar, and in the next version Todoist, Asana, Paymo and Jira): " +
      "connecting through the service's consent page, disconnecting, and Google Calendar's calendars and events " +
      "through the server, which keeps the tokens encrypted and never answers them.",
  },
  {
    name: "calendar feed",
    description:
      "A person's private calendar feed: an address (`/ics/{secret}.ics`) that calendars subscribe to, serving their " +
      "blocks as iCalendar; turned on, given a new address or turned off.",
  },
  {
    name: "billing",
    description:
      "The plans and the organization's subscription, paid through Paddle Billing: the plan picker's plans, the " +
      "organization's plan and usage, the downgrade to free, and Paddle's signed webhook that moves the plan.",
  },
  { name: "reports", description: "Timesheets, the team and user reports, a project's time entries and statistics." },
  { name: "audit", description: "The organization's audit log: who did what, when and from where." },
  { name: "config", description: "What a client needs to know about the server before signing in." },
  { name: "changelog", description: "What changed in each version of Timetrap." },
  { name: "documentation", description: "This API's OpenAPI document." },
];

/** The document's head: the API's name and version, where it is served, and how a call proves who makes it. */
export function apiDocumentHead({ version, appUrl }: { version: string; appUrl: string }) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Timetrap API",
      version,
      description:
        "Timetrap's API: the calls the web app makes. Send the token of a session (from `POST /api/v1/auth/basic`) " +
        "or a personal access token (from `POST /api/v1/auth/tokens`) as `Authorization: Bearer <token>`. Errors " +
        "answer one body, `ErrorBody`, whose `ErrorMessage` says what went wrong and whose `details` name the fields. " +
        "Each operation's description says who may call it: a right of the caller's role (such as `edit` on " +
        "`project`), being the person the path names, or seeing the project.",
      // Timetrap is not open source (every package is private, with no licence file): the document says so. SPDX
      // has no identifier for a proprietary licence, and `LicenseRef-` is its form for a licence outside its list.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: appUrl, description: "This server" }],
    tags: apiTags,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: "http" as const,
          scheme: "bearer",
          description:
            "A session's token (the JWT that signing in answers) or a personal access token (`tt_pat_` and 43 " +
            "characters). Each has a request budget, stated in the `RateLimit-*` headers of every answer.",
        },
      },
    },
    security: [{ bearerAuth: [] }],
  };
}

type Document = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

/**
 * The schema components nothing refers to, left out: zod's registry gives each registered schema an input and an
 * output variant (`ErrorBodyInput`, `ErrorBody`), and only the answers use the error body.
 */
function withoutUnusedSchemas(document: Document): Document {
  const schemas = { ...document.components?.schemas };
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...document.components, schemas } });
    const unused = Object.keys(schemas).filter((name) => !text.includes(`"#/components/schemas/${name}"`));
    if (unused.length === 0) break;
    for (const name of unused) delete schemas[name];
  }
  return { ...document, components: { ...document.components, schemas } };
}

/** The document's components: the schemas registered with an id (the error body), referred to rather than repeated. */
export function apiDocumentTransformObject(): TransformObject {
  const zod = createJsonSchemaTransformObject({}) as TransformObject;
  return ((input: Parameters<TransformObject>[0]) =>
    withoutUnusedSchemas(zod(input) as unknown as Document)) as unknown as TransformObject;
}

/**
 * A success answer as the document shows it: what the answer is (the response's description) and one example of its
 * body, typed as the schema's output so that it cannot drift from it. The schema is a copy, so that one schema can
 * answer several routes with their own descriptions.
 */
export function answer<S extends z.ZodType>(schema: S, description: string, example: z.output<S>): S {
  const copy = schema.clone();
  documented.set(copy, { description, example });
  return copy;
}

/** A request body as the document shows it: the schema (a copy) with one example of what a client sends. */
export function withExample<S extends z.ZodType>(schema: S, example: z.input<S>): S {
  const copy = schema.clone();
  documented.set(copy, { example });
  return copy;
}

/** An answer without a body (204), described. */
export function noContent(description: string) {
  return z.null().describe(description);
}

/** The organization of a path (`{orgId}`). */
export const organizationIdParam = z.uuid().describe("The organization's id");

type Descriptions<S extends z.ZodType> = Partial<Record<keyof z.input<S> & string, string>>;

/**
 * A path or query schema of @timetrap/domain with a description on each named field, for the document's parameters.
 * Its validation is unchanged: an object keeps its refinements (`safeExtend`), a transformed one (a pipe) its
 * transform and refinements, with the described object as its input.
 */
export function describeFields<S extends z.ZodType>(schema: S, descriptions: Descriptions<S>): S {
  const def = schema._zod.def as { type: string; in?: z.ZodType };
  if (def.type === "pipe" && def.in) {
    return schema.clone({ ...schema._zod.def, in: describeFields(def.in, descriptions) } as never) as S;
  }
  if (!(schema instanceof z.ZodObject)) throw new Error(`describeFields takes an object schema, not a ${def.type}`);
  const described = Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => {
      const field = schema.shape[name] as z.ZodType | undefined;
      if (!field) throw new Error(`describeFields: the schema has no field ${name}`);
      return [name, field.describe(description as string)];
    }),
  );
  return schema.safeExtend(described) as unknown as S;
}
