import { describe, expect, test } from "vitest";
import { matrix } from "../../test/permission-matrix/matrix.js";
import { request, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

interface MediaType {
  schema?: unknown;
  example?: unknown;
}
interface Operation {
  security?: unknown;
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string; description?: string }>;
  requestBody?: { content: Record<string, MediaType> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, MediaType>; headers?: Record<string, unknown> }
  >;
}
interface Document {
  openapi: string;
  info: { license?: unknown };
  servers?: Array<{ url: string }>;
  security?: unknown;
  tags?: Array<{ name: string; description?: string }>;
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

/** Every operation of the document, named by its method and path. */
function operationsOf(document: Document): Array<Operation & { route: string }> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
  );
}

async function documentAt(url: string): Promise<Document> {
  const response = await request(t.app, { method: "GET", url });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  return response.json() as Document;
}

describe("the OpenAPI document", () => {
  test("is served at /api/v1/openapi.json too, without a token, the same as the reference page reads", async () => {
    const alias = await documentAt("/api/v1/openapi.json");
    expect(alias.openapi).toBe("3.1.0");
    expect(alias).toEqual(await documentAt("/api/docs/json"));
  });

  test("names the server it is served by and the bearer scheme, required unless an operation says otherwise", async () => {
    const document = await documentAt("/api/v1/openapi.json");
    expect(document.servers).toEqual([{ url: "http://timetrap.test", description: "This server" }]);
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: expect.stringContaining("a personal access token (`tt_pat_` and 43 characters)"),
      },
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  test("marks every public operation `security: []` and every other one with the bearer scheme", async () => {
    const document = await documentAt("/api/v1/openapi.json");
    const wrong = matrix.flatMap((row) => {
      const operation = document.paths[row.path]?.[row.method.toLowerCase()];
      const expected = row.rule.kind === "public" ? [] : [{ bearerAuth: [] }];
      return JSON.stringify(operation?.security) === JSON.stringify(expected)
        ? []
        : [`${row.method} ${row.path}: ${JSON.stringify(operation?.security)}`];
    });
    expect(wrong).toEqual([]);
    expect(matrix.filter((row) => row.rule.kind === "public").length).toBeGreaterThan(10);
  });

  test("names every operation once, in camel case, with a tag and a summary, so that a generated client has names", async () => {
    const document = await documentAt("/api/v1/openapi.json");
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations.filter((operation) => !/^[a-z][A-Za-z]+$/.test(operation.operationId ?? "")).map((o) => o.route),
    ).toEqual([]);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(operations.filter((operation) => !operation.tags?.length || !operation.summary).map((o) => o.route)).toEqual(
      [],
    );
  });

  test("says of every operation what it does in a short summary and a description, under a described tag", async () => {
    const document = await documentAt("/api/v1/openapi.json");
    const operations = operationsOf(document);
    // A summary is the operation's title in a reference's menu: one short line, without the details (who may call
    // it, the rules), which the description gives.
    expect(
      operations
        .filter(({ summary = "" }) => summary.length > 60 || /[\n()]/.test(summary) || summary.endsWith("."))
        .map((o) => `${o.route}: ${o.summary}`),
    ).toEqual([]);
    expect(
      operations.filter(({ description = "" }) => description.length < 30).map((o) => `${o.route}: ${o.description}`),
    ).toEqual([]);
    const described = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description ?? ""]));
    expect([...described.values()].filter((description) => description.length === 0)).toEqual([]);
    expect(
      operations.flatMap((o) => (o.tags ?? []).filter((tag) => !described.has(tag)).map((tag) => `${o.route}: ${tag}`)),
    ).toEqual([]);
    expect(document.info.license).toMatchObject({ name: expect.any(String) });
  });

  test("describes every path and query parameter", async () => {
    const operations = operationsOf(await documentAt("/api/v1/openapi.json"));
    const undescribed = operations.flatMap((o) =>
      (o.parameters ?? []).filter((p) => !p.description?.trim()).map((p) => `${o.route}: ${p.in} ${p.name}`),
    );
    expect(undescribed).toEqual([]);
    expect(operations.flatMap((o) => o.parameters ?? []).length).toBeGreaterThan(200);
  });

  test("describes every answer by what it is, never as the default's Default Response", async () => {
    const operations = operationsOf(await documentAt("/api/v1/openapi.json"));
    const wrong = operations.flatMap((o) =>
      Object.entries(o.responses ?? {})
        .filter(([, response]) => !response.description?.trim() || response.description === "Default Response")
        .map(([status]) => `${o.route} ${status}`),
    );
    expect(wrong).toEqual([]);
  });

  test("the calls that can answer CSV list it beside JSON, each answer its own", async () => {
    const operations = operationsOf(await documentAt("/api/v1/openapi.json"));
    const withCsv = operations.filter((o) => o.responses?.["200"]?.content?.["text/csv"]).map((o) => o.operationId);
    expect(withCsv.sort()).toEqual(["getTimesheetReport", "listAuditEvents", "listProjectTimeEntries"]);
    for (const o of operations.filter((op) => withCsv.includes(op.operationId))) {
      const content = o.responses!["200"]!.content!;
      expect(content["text/csv"]!.schema).toMatchObject({ type: "string" });
      expect(content["application/json"]!.example, o.route).toBeDefined();
    }
  });

  test("every answer of a call that needs a token states the request budget, and a 429 when to try again", async () => {
    const operations = operationsOf(await documentAt("/api/v1/openapi.json"));
    const budget = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
    for (const o of operations) {
      const isPublic = Array.isArray(o.security) && o.security.length === 0;
      for (const [status, response] of Object.entries(o.responses ?? {})) {
        const headers = Object.keys(response.headers ?? {}).sort();
        if (isPublic || status === "401") expect(headers, `${o.route} ${status}`).toEqual([]);
        else if (status === "429") expect(headers, `${o.route} ${status}`).toEqual([...budget, "retry-after"].sort());
        else expect(headers, `${o.route} ${status}`).toEqual(budget);
      }
      if (!isPublic) expect(Object.keys(o.responses ?? {}), o.route).toContain("429");
    }
  });

  test("gives an example of every request body and of every success answer with a JSON body", async () => {
    const operations = operationsOf(await documentAt("/api/v1/openapi.json"));
    const withoutExample = operations.flatMap((o) => {
      const missing: string[] = [];
      for (const [type, media] of Object.entries(o.requestBody?.content ?? {})) {
        if (media.example === undefined) missing.push(`${o.route} body ${type}`);
      }
      for (const [status, response] of Object.entries(o.responses ?? {})) {
        const json = response.content?.["application/json"];
        if (Number(status) < 300 && json && json.example === undefined) missing.push(`${o.route} ${status}`);
      }
      return missing;
    });
    expect(withoutExample).toEqual([]);
    const examples = operations.flatMap((o) => [
      ...Object.values(o.requestBody?.content ?? {}),
      ...Object.values(o.responses ?? {}).flatMap((response) => Object.values(response.content ?? {})),
    ]);
    expect(examples.filter((media) => media.example !== undefined).length).toBeGreaterThan(150);
  });

  test("every error answer refers to the one error body component, described by what its status means", async () => {
    const document = (await documentAt("/api/v1/openapi.json")) as Document & {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(Object.keys(document.components.schemas.ErrorBody?.properties ?? {})).toEqual([
      "statusCode",
      "error",
      "code",
      "ErrorMessage",
      "details",
    ]);
    const wrong: string[] = [];
    let errors = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          errors += 1;
          const schema = response.content?.["application/json"]?.schema;
          if (JSON.stringify(schema) !== JSON.stringify({ $ref: "#/components/schemas/ErrorBody" })) {
            wrong.push(`${method} ${path} ${status}: schema`);
          }
          if (!response.description || response.description === "Default Response") {
            wrong.push(`${method} ${path} ${status}: description`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(errors).toBeGreaterThan(300);
  });

  test("a PATCH body that must change something says so (minProperties, and the fields it may change)", async () => {
    const document = (await documentAt("/api/v1/openapi.json")) as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>
      >;
    };
    const bodyOf = (path: string) => document.paths[path]?.patch?.requestBody?.content["application/json"]?.schema;
    for (const path of [
      "/api/v1/user/{id}",
      "/api/v1/organization/{orgId}",
      "/api/v1/organization/{orgId}/role/{id}",
      "/api/v1/organization/{orgId}/task/{id}",
      "/api/v1/user/{id}/time-blocking/{eventId}",
      "/api/v1/user/{id}/recurrence/{recId}",
    ]) {
      expect(bodyOf(path), path).toMatchObject({ minProperties: 1, description: expect.stringMatching(/^A change: /) });
    }
  });

  test("e-mail addresses and calendar dates carry their formats", async () => {
    const document = (await documentAt("/api/v1/openapi.json")) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Array<{ name: string; schema: unknown }>;
            requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const bodyField = (path: string, method: string, field: string) =>
      document.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema.properties[field];
    expect(bodyField("/api/v1/auth/basic/signup", "post", "email")).toMatchObject({ format: "email" });
    expect(bodyField("/api/v1/organization/{orgId}/user/{userId}/contract", "post", "from_date")).toMatchObject({
      format: "date",
    });
    const startDate = document.paths["/api/v1/report/timesheet"]?.get?.parameters?.find((p) => p.name === "start_date");
    expect(startDate?.schema).toMatchObject({ format: "date" });
  });

  test("a task's ids, its priority and a project's account managers say what the server requires", async () => {
    const document = (await documentAt("/api/v1/openapi.json")) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { required?: string[]; properties: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    const body = (path: string, method: string) =>
      document.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema;
    const task = body("/api/v1/organization/{orgId}/task", "post");
    expect(task?.required).toEqual(expect.arrayContaining(["name", "projectId", "userId"]));
    expect(task?.properties.userId).toMatchObject({ type: "string", format: "uuid" });
    expect(task?.properties.projectId).toMatchObject({ type: "string", format: "uuid" });
    expect(task?.properties.priority).toMatchObject({ enum: [10, 20, 30, 40, 50] });
    expect(body("/api/v1/organization/{orgId}/task/{id}", "patch")?.properties.priority).toMatchObject({
      enum: [10, 20, 30, 40, 50],
    });
    const project = body("/api/v1/organization/{orgId}/project", "post");
    expect(project?.required).toContain("salesaccount");
    expect(project?.properties.salesaccount).toMatchObject({ type: "array", minItems: 1 });
  });
});
