import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { describe, expect, test } from "vitest";
import { request, useTestApp } from "../../test/test-app.js";

const t = useTestApp();

/** The name the served document is linted under: the ignored locations below are keyed by it. */
const source = "openapi.json";

/**
 * Redocly's `recommended` ruleset, unchanged, with three rules it leaves off turned on, so that the document is one
 * people can build on: every operation says what it does and who may call it, every parameter what it is, and every
 * tag an operation names is a described top-level tag.
 */
const rules = {
  "operation-description": "error",
  "parameter-description": "error",
  "operation-tag-defined": "error",
} as const;

/**
 * Problems accepted where they stand, each with its reason, as Redocly's own ignore file would list them; every other
 * location keeps the rule. A listed problem that no longer occurs fails the test, so that the list cannot outlive
 * its reason.
 */
const ignored: Record<string, Record<string, string>> = {
  "operation-4xx-response": {
    // Public, takes no parameter and no body, and is outside the API's request budgets: no 4xx answer exists to
    // document (a wrong method is another operation's 405).
    "#/paths/~1api~1v1~1config/get/responses": "GET /api/v1/config cannot fail with a 4xx",
    // The same for the document itself.
    "#/paths/~1api~1v1~1openapi.json/get/responses": "GET /api/v1/openapi.json cannot fail with a 4xx",
  },
  "operation-2xx-response": {
    // The consent page sends the browser here: it answers a redirect to the integrations page whatever the outcome,
    // which the person reads there, never a body.
    "#/paths/~1api~1v1~1connect~1{service}~1callback/get/responses":
      "GET /api/v1/connect/{service}/callback always answers a redirect (302)",
  },
};

/** One problem as a line: its severity, rule, message and where it is (a JSON pointer into the document). */
function describeProblem(problem: NormalizedProblem): string {
  const where = problem.location.map((location) => location.pointer ?? "?").join(", ");
  return `${problem.severity} ${problem.ruleId}: ${problem.message} at ${where}`;
}

async function lintServedDocument(): Promise<NormalizedProblem[]> {
  const response = await request(t.app, { method: "GET", url: "/api/v1/openapi.json" });
  expect(response.statusCode).toBe(200);
  const config = await createConfig({ extends: ["recommended"], rules });
  config.styleguide.ignore = {
    [source]: Object.fromEntries(
      Object.entries(ignored).map(([rule, locations]) => [rule, new Set(Object.keys(locations))]),
    ),
  };
  return lintFromString({ source: response.body, absoluteRef: source, config });
}

describe("the served OpenAPI document", () => {
  test("passes Redocly's recommended lint (and the description rules) with no error and no warning", async () => {
    const problems = await lintServedDocument();
    const lines = problems.filter((problem) => !problem.ignored).map(describeProblem);
    if (lines.length > 0) console.error(`${lines.length} problems:\n${lines.join("\n")}`);
    expect(lines).toEqual([]);

    const stillOccurring = problems
      .filter((problem) => problem.ignored)
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    const listed = Object.entries(ignored).flatMap(([rule, locations]) =>
      Object.keys(locations).map((pointer) => `${rule} ${pointer}`),
    );
    expect(stillOccurring.sort()).toEqual(listed.sort());
  }, 60_000);
});
