import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { itemUrlOf, type JiraIssue } from "@timetrap/domain";
import { z } from "zod";
import type { WriteBackEntry, WriteBackTarget } from "../modules/write-back/write-back-target.js";
import {
  type ConnectorClientSettings,
  clientSettingsOf,
  pageTextMessage,
  parsed as parsedAs,
} from "./connector-kit.js";
import { ConnectorError, createConnectorClient } from "./http-client.js";
import { forbiddenAddressReason, type LookupAll } from "./safe-http.js";

/**
 * Jira Cloud's REST API v3 (INTEGRATIONS.md §4, decision 032) on the person's own site, with their account e-mail and
 * API token as Basic: the account (`myself`, which checks a credential before it is kept), the person's open issues
 * through `search/jql` (the old `/search` answers 410 and is never called), every page followed by `nextPageToken`,
 * and the worklogs a completed block's time is written to.
 *
 * The site is an address a person typed, so every call is made as a webhook delivery is (decision 030 "SSRF"): its
 * host is resolved at each call, any private, loopback, link-local or otherwise inner address refuses the call, and
 * the connection goes to the checked address itself, so a name that changes its answer between the check and the
 * connection cannot reach inside. Redirects are never followed. `https` and port 443 only, unless the server allows a
 * local fake (`JIRA_ALLOW_HTTP`, `JIRA_ALLOW_PRIVATE`).
 */

export const jiraService = "Jira API";

/** What connecting Jira keeps, sealed as one text: the site, the account's e-mail and its API token. */
export interface JiraCredential {
  /** The site, normalized: `acme.atlassian.net`. */
  domain: string;
  email: string;
  apiToken: string;
}

const storedCredentialSchema = z.object({
  domain: z.string().min(1),
  email: z.string().min(1),
  api_token: z.string().min(1),
});

/** The credential as it is sealed and as the integrations service hands it to a call (`withCredential`). */
export function jiraCredentialText(credential: JiraCredential): string {
  return JSON.stringify({ domain: credential.domain, email: credential.email, api_token: credential.apiToken });
}

export function jiraCredentialOf(text: string): JiraCredential {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const parsed = storedCredentialSchema.safeParse(value);
  if (!parsed.success) {
    throw new ConnectorError({
      service: jiraService,
      kind: "unauthorized",
      status: null,
      reason: "unreadable_credential",
      serviceMessage: "the stored credential cannot be read; connect Jira again",
    });
  }
  return { domain: parsed.data.domain, email: parsed.data.email, apiToken: parsed.data.api_token };
}

export interface JiraAccount {
  accountId: string;
  displayName: string;
  emailAddress: string | null;
}

/** The client's settings but its `fetch`: every call goes through the site's own (`createSiteFetch`). */
export interface JiraConnectorConfig extends Omit<ConnectorClientSettings, "fetch"> {
  /** Sites on private, loopback and other inner addresses, and on ports other than 443, are allowed (tests only). */
  allowPrivate: boolean;
  /** Sites are asked over http rather than https (tests with a local fake only). */
  allowHttp: boolean;
  /** The resolver; `dns.lookup` when absent (tests inject one). */
  lookup?: LookupAll;
  /** The most pages of issues read (`issuesPageSize` each), so that a broken site cannot keep the server looping. */
  maxPages?: number;
}

export interface JiraConnector {
  /** The account of the credential: a credential Jira refuses throws the client's `unauthorized` error. */
  myself(credential: string): Promise<JiraAccount>;
  /** The person's open issues (assigned to them, not done), most recently updated first, every page followed. */
  listIssues(credential: string): Promise<JiraIssue[]>;
  /** Worklogs on the block's issue (`itemId` is the issue's key). */
  writeBackTarget: WriteBackTarget;
}

/** Decision 032: the side panel's issues. */
export const jiraIssuesJql = "assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC";
export const issuesPageSize = 100;
const worklogsPageSize = 1000;
/** A loop guard for the worklogs of one issue (a million worklogs is more than any issue has). */
const maxWorklogPages = 1000;
/** The longest answer read from a site: far more than any page of issues or worklogs. */
const maxAnswerBytes = 20 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// The site's connection: resolved, checked and pinned at each call

const defaultLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const siteError = (reason: string, message: string) =>
  new ConnectorError({ service: jiraService, kind: "client", status: null, reason, serviceMessage: message });

/** Waits for `promise`, or rejects with the signal's reason once it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** Statuses whose answer has no body (a Response refuses one for them). */
const bodilessStatuses = new Set([204, 205, 304]);

/**
 * A `fetch` for the person's site under the rules above. A refused address or a name that does not exist throws the
 * client's `client` error (the person's site is wrong: a 400, not retried); a temporary failure to resolve is a
 * network failure, retried as one.
 */
export function createSiteFetch({
  allowPrivate,
  lookup = defaultLookup,
}: {
  allowPrivate: boolean;
  lookup?: LookupAll;
}): typeof fetch {
  async function siteFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const signal = init.signal ?? null;
    const literal = isIP(hostname);
    let addresses: LookupAddress[];
    if (literal) {
      addresses = [{ address: hostname, family: literal }];
    } else {
      try {
        addresses = await abortable(lookup(hostname), signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const code = (error as { code?: unknown }).code;
        if (code === "ENOTFOUND" || code === "ENODATA") {
          throw siteError("site_not_found", `the site ${url.host} could not be found`);
        }
        throw new Error("the site's name could not be resolved", { cause: { code: code ?? "EAI_FAIL" } });
      }
      if (addresses.length === 0) throw siteError("site_not_found", `the site ${url.host} could not be found`);
    }
    if (!allowPrivate) {
      for (const { address } of addresses) {
        const reason = forbiddenAddressReason(address);
        if (reason) {
          throw siteError(
            "private_address",
            `the site ${url.host} resolves to a private address (${address}: ${reason}); only a public Jira Cloud site can be connected`,
          );
        }
      }
    }
    const pinned = addresses[0] as LookupAddress;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init.body === "string" ? init.body : undefined;
    if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));

    return new Promise<Response>((resolve, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const request = client.request(
        {
          method: init.method ?? "GET",
          protocol: url.protocol,
          hostname,
          port: url.port || (url.protocol === "https:" ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          headers,
          // A fresh connection each time, to the checked address: a pooled socket could be to another one.
          agent: false,
          ...(signal ? { signal } : {}),
          lookup: ((_name: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
            if (options.all) callback(null, [pinned]);
            else callback(null, pinned.address, pinned.family);
          }) as unknown as http.RequestOptions["lookup"],
          ...(literal ? {} : { servername: hostname }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxAnswerBytes) {
              request.destroy();
              reject(
                new ConnectorError({
                  service: jiraService,
                  kind: "upstream",
                  status: response.statusCode ?? null,
                  reason: null,
                  serviceMessage: "an answer larger than any the API gives",
                }),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () => {
            const status = response.statusCode ?? 502;
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              for (const one of [value].flat()) answerHeaders.append(name, one);
            }
            resolve(
              new Response(bodilessStatuses.has(status) ? null : new Uint8Array(Buffer.concat(chunks)), {
                status,
                statusText: response.statusMessage ?? "",
                headers: answerHeaders,
              }),
            );
          });
          response.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
        },
      );
      request.on("error", (error) => reject(signal?.aborted ? signal.reason : error));
      request.end(body);
    });
  }
  return siteFetch as typeof fetch;
}

// ---------------------------------------------------------------------------------------------------------------
// What Jira answers (only the fields read)

const myselfSchema = z.object({
  accountId: z.string(),
  displayName: z.string().optional(),
  emailAddress: z.string().optional(),
});

const searchPageSchema = z.object({
  issues: z
    .array(
      z.object({
        id: z.string(),
        key: z.string(),
        fields: z
          .object({
            summary: z.string().nullable().optional(),
            description: z.unknown().optional(),
            issuetype: z
              .object({ id: z.string(), name: z.string(), iconUrl: z.string().nullable().optional() })
              .nullable()
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().nullable().optional(),
  isLast: z.boolean().optional(),
});

const worklogSchema = z.object({ id: z.string(), comment: z.unknown().optional() });
const worklogsPageSchema = z.object({
  startAt: z.number().int(),
  maxResults: z.number().int(),
  total: z.number().int(),
  worklogs: z.array(worklogSchema).default([]),
});

/** An answer not of `schema` is `unexpected_answer`: at connecting, a site that is not Jira's (below). */
const parsed = <T>(schema: z.ZodType<T>, value: unknown): T =>
  parsedAs(schema, value, jiraService, "unexpected_answer");

/**
 * Whether the site answered, but not as Jira: a 404 for the API, a redirect, a page that is not Jira's JSON. At
 * connecting that is the address typed, not Jira failing.
 */
function isNotJira(error: ConnectorError): boolean {
  if (error.kind === "not_found") return true;
  if (error.kind !== "upstream") return false;
  return error.reason === "unexpected_answer" || (error.status !== null && error.status >= 200 && error.status < 400);
}

/** Jira's `{errorMessages: [...], errors: {field: message}}`; a text answer (a proxy's page) as its first words. */
function readJiraError(_status: number, body: unknown): { reason: string | null; message: string | null } {
  if (body === null || typeof body !== "object") return { reason: null, message: pageTextMessage(body) };
  const record = body as { errorMessages?: unknown; errors?: unknown; message?: unknown };
  const messages = Array.isArray(record.errorMessages)
    ? record.errorMessages.filter((one): one is string => typeof one === "string" && one.trim() !== "")
    : [];
  const fieldErrors =
    record.errors !== null && typeof record.errors === "object"
      ? Object.entries(record.errors as Record<string, unknown>)
          .filter(([, message]) => typeof message === "string")
          .map(([field, message]) => `${field}: ${message as string}`)
      : [];
  const all = [...messages, ...fieldErrors];
  if (all.length === 0 && typeof record.message === "string") all.push(record.message);
  return { reason: null, message: all.length > 0 ? all.join("; ").slice(0, 500) : null };
}

// ---------------------------------------------------------------------------------------------------------------
// Atlassian Document Format

type AdfNode = { type?: unknown; text?: unknown; content?: unknown; attrs?: Record<string, unknown> };

const adfBlocks = new Set([
  "paragraph",
  "heading",
  "blockquote",
  "codeBlock",
  "panel",
  "rule",
  "mediaSingle",
  "mediaGroup",
  "table",
  "tableRow",
  "expand",
  "nestedExpand",
  "taskItem",
  "decisionItem",
  "blockCard",
  "embedCard",
]);

/** An ADF document's text: its words, a line per block, list items marked, mentions and links as they read. */
export function adfToText(document: unknown): string {
  const walk = (node: unknown, ordered: number | null): string => {
    if (node === null || typeof node !== "object") return "";
    const { type, text, content, attrs } = node as AdfNode;
    const children = Array.isArray(content) ? content : [];
    switch (type) {
      case "text":
        return typeof text === "string" ? text : "";
      case "hardBreak":
        return "\n";
      case "mention":
      case "emoji":
      case "status":
        return typeof attrs?.text === "string"
          ? attrs.text
          : typeof attrs?.shortName === "string"
            ? attrs.shortName
            : "";
      case "inlineCard":
        return typeof attrs?.url === "string" ? attrs.url : "";
      case "date": {
        const at = Number(attrs?.timestamp);
        return Number.isFinite(at) ? new Date(at).toISOString().slice(0, 10) : "";
      }
      case "bulletList":
        return children.map((child) => walk(child, null)).join("");
      case "orderedList": {
        const start = Number(attrs?.order ?? 1);
        return children.map((child, index) => walk(child, (Number.isFinite(start) ? start : 1) + index)).join("");
      }
      case "listItem": {
        const inner = children
          .map((child) => walk(child, null))
          .join("")
          .trim();
        return `${ordered === null ? "-" : `${ordered}.`} ${inner}\n`;
      }
      default: {
        const inner = children.map((child) => walk(child, null)).join("");
        if (type === "blockCard" || type === "embedCard") {
          return typeof attrs?.url === "string" ? `${attrs.url}\n` : inner;
        }
        return typeof type === "string" && adfBlocks.has(type) ? `${inner}\n` : inner;
      }
    }
  };
  return walk(document, null)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, 10_000);
}

/** A plain text as ADF: a paragraph per line. */
export function adfOfText(text: string): { type: "doc"; version: 1; content: unknown[] } {
  return {
    type: "doc",
    version: 1,
    content: text
      .split("\n")
      .map((line) => ({ type: "paragraph", content: line ? [{ type: "text", text: line }] : [] })),
  };
}

// ---------------------------------------------------------------------------------------------------------------

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** Jira's `started`: `yyyy-MM-dd'T'HH:mm:ss.SSSZ`, here in UTC (`2026-11-27T09:00:00.000+0000`). */
export function jiraStarted(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}-${pad(instant.getUTCMonth() + 1)}-${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}:${pad(instant.getUTCMinutes())}:${pad(instant.getUTCSeconds())}.` +
    `${pad(instant.getUTCMilliseconds(), 3)}+0000`
  );
}

const issuePath = (key: string) => `/rest/api/3/issue/${encodeURIComponent(key)}`;

export function createJiraConnector(config: JiraConnectorConfig): JiraConnector {
  const siteFetch = createSiteFetch({
    allowPrivate: config.allowPrivate,
    ...(config.lookup ? { lookup: config.lookup } : {}),
  });
  const maxPages = config.maxPages ?? 50;
  const scheme = config.allowHttp ? "http" : "https";

  /** The client of the credential's site: checked for its scheme and port before anything is sent. */
  function siteOf(text: string) {
    const credential = jiraCredentialOf(text);
    let base: URL;
    try {
      base = new URL(`${scheme}://${credential.domain}`);
    } catch {
      throw siteError("invalid_site", `${credential.domain} is not a site's address`);
    }
    if (base.port && !config.allowPrivate) {
      throw siteError("invalid_port", `the site ${base.host} is not on port 443, where Jira Cloud answers`);
    }
    const options = {
      ...clientSettingsOf(config),
      service: jiraService,
      baseUrl: base.origin,
      fetch: siteFetch,
      readError: readJiraError,
    };
    const client = createConnectorClient(options);
    // A new worklog is sent once: a failure or a silence after Jira wrote it must not write a second one. The
    // write-back job tries again later, and looks for the one it may have written first.
    const once = createConnectorClient({ ...options, retries: 0 });
    const authorization = `Basic ${Buffer.from(`${credential.email}:${credential.apiToken}`).toString("base64")}`;
    return { client, once, credential, headers: { authorization } };
  }

  function worklogBody(entry: WriteBackEntry) {
    return {
      timeSpentSeconds: Math.max(1, Math.round(entry.seconds)),
      started: jiraStarted(entry.started),
      comment: adfOfText(entry.note),
    };
  }

  const writeBackTarget: WriteBackTarget = {
    service: "jira",

    async find(credential, entry) {
      const { client, headers } = siteOf(credential);
      let startAt = 0;
      for (let page = 0; page < maxWorklogPages; page += 1) {
        const answer = parsed(
          worklogsPageSchema,
          await client.request<unknown>({
            method: "GET",
            path: `${issuePath(entry.itemId)}/worklog`,
            query: { startAt, maxResults: worklogsPageSize },
            headers,
          }),
        );
        const found = answer.worklogs.find((worklog) => adfToText(worklog.comment).includes(entry.reference));
        if (found) return found.id;
        startAt = answer.startAt + answer.worklogs.length;
        if (answer.worklogs.length === 0 || startAt >= answer.total) return null;
      }
      return null;
    },

    async create(credential, entry) {
      const { once, headers } = siteOf(credential);
      const answer = parsed(
        worklogSchema,
        await once.request<unknown>({
          method: "POST",
          path: `${issuePath(entry.itemId)}/worklog`,
          query: { notifyUsers: false },
          headers,
          json: worklogBody(entry),
        }),
      );
      return answer.id;
    },

    async update(credential, recordId, entry) {
      const { client, headers } = siteOf(credential);
      await client.request<unknown>({
        method: "PUT",
        path: `${issuePath(entry.itemId)}/worklog/${encodeURIComponent(recordId)}`,
        query: { notifyUsers: false },
        headers,
        json: worklogBody(entry),
      });
    },
  };

  return {
    async myself(credential) {
      const { client, credential: site, headers } = siteOf(credential);
      let answer: z.infer<typeof myselfSchema>;
      try {
        answer = parsed(
          myselfSchema,
          await client.request<unknown>({ method: "GET", path: "/rest/api/3/myself", headers }),
        );
      } catch (error) {
        if (!(error instanceof ConnectorError) || !isNotJira(error)) throw error;
        throw siteError(
          "not_jira",
          `the site ${site.domain} does not answer as a Jira Cloud site (${error.status === null ? error.serviceMessage : `HTTP ${error.status}`})`,
        );
      }
      return {
        accountId: answer.accountId,
        displayName: answer.displayName ?? "",
        emailAddress: answer.emailAddress ?? null,
      };
    },

    async listIssues(credential) {
      const { client, credential: site, headers } = siteOf(credential);
      const issues: JiraIssue[] = [];
      const seen = new Set<string>();
      let nextPageToken: string | undefined;
      for (let page = 0; page < maxPages; page += 1) {
        const answer = parsed(
          searchPageSchema,
          await client.request<unknown>({
            method: "GET",
            path: "/rest/api/3/search/jql",
            query: {
              jql: jiraIssuesJql,
              fields: "summary,description,issuetype",
              maxResults: issuesPageSize,
              nextPageToken,
            },
            headers,
          }),
        );
        for (const issue of answer.issues) {
          // Search results are eventually consistent: an issue moved between pages is listed once.
          if (seen.has(issue.id)) continue;
          seen.add(issue.id);
          const type = issue.fields?.issuetype;
          issues.push({
            id: issue.id,
            key: issue.key,
            url: itemUrlOf("jira", issue.key, site.domain) ?? `https://${site.domain}/browse/${issue.key}`,
            fields: {
              summary: issue.fields?.summary ?? "",
              issuetype: { id: type?.id ?? "", name: type?.name ?? "", iconUrl: type?.iconUrl ?? null },
            },
            description: adfToText(issue.fields?.description),
          });
        }
        const token = answer.nextPageToken ?? undefined;
        if (answer.isLast === true || !token || token === nextPageToken) break;
        nextPageToken = token;
      }
      return issues;
    },

    writeBackTarget,
  };
}
