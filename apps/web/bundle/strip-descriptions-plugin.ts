import type { Plugin } from "vite";

/** A string literal: double- or single-quoted, or a template without substitutions. */
const literal = String.raw`(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\`(?:[^\`\\$]|\\.)*\`)`;
/** `.describe(<literal> [+ <literal>]…)`: the OpenAPI description of a domain schema, which only the server reads. */
const describeCall = new RegExp(String.raw`\s*\.describe\(\s*${literal}(?:\s*\+\s*${literal})*\s*,?\s*\)`, "g");

/** The source less its schemas' `.describe(…)` calls whose words are written out; any other call is kept. */
export function stripDescriptions(source: string): string {
  return source.replace(describeCall, "");
}

/**
 * The domain's schemas carry the API document's descriptions (`z.string().describe("…")`), which the server serves and
 * the browser never reads: the web build leaves them out of the domain's modules, a few hundred bytes of every page.
 */
export function stripDescriptionsPlugin(): Plugin {
  return {
    name: "timetrap:strip-schema-descriptions",
    apply: "build",
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/][^\\/]+\.ts$/ },
      handler(code) {
        if (!code.includes(".describe(")) return null;
        const stripped = stripDescriptions(code);
        return stripped === code ? null : { code: stripped, map: null };
      },
    },
  };
}
