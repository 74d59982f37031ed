import { type FakeJira, startFakeJira } from "@timetrap/fakes";
import { describe, expect, test } from "vitest";
import { askedOf, failureOf as connectorFailureOf, useFake, writeBackEntryOf } from "../test/connector-tests.js";
import { ConnectorError } from "./http-client.js";
import {
  adfToText,
  createJiraConnector,
  type JiraConnector,
  type JiraConnectorConfig,
  jiraCredentialOf,
  jiraCredentialText,
  jiraIssuesJql,
} from "./jira.js";

let jira: FakeJira;
let connector: JiraConnector;

function connectorFor(overrides: Partial<JiraConnectorConfig> = {}): JiraConnector {
  return createJiraConnector({
    timeoutMs: 2000,
    allowPrivate: true,
    allowHttp: true,
    backoffBaseMs: 10,
    ...overrides,
  });
}

/** The fake site's credential, as connecting Jira keeps it. */
const credential = (overrides: { domain?: string; email?: string; apiToken?: string } = {}) =>
  jiraCredentialText({ domain: jira.domain, email: jira.email, apiToken: jira.apiToken, ...overrides });

useFake(
  () => startFakeJira({ email: "giulia@example.com", apiToken: "ATATT-giulia-token" }),
  (fake) => {
    jira = fake;
    connector = connectorFor();
  },
);

/** The call's failure, the API token nowhere in it. */
const failureOf = (promise: Promise<unknown>, ...secrets: string[]) =>
  connectorFailureOf(promise, jira.apiToken, ...secrets);

/** What the site was asked: method and path with the answer's status. */
const asked = () => askedOf(jira);

const entryFor = (itemId: string, eventId: string, seconds = 5400) =>
  writeBackEntryOf(itemId, eventId, seconds, new Date("2026-11-27T08:00:00Z"));

describe("the credential", () => {
  test("is kept as one text and read back; an unreadable one means connecting again", () => {
    const text = credential();
    expect(jiraCredentialOf(text)).toEqual({ domain: jira.domain, email: jira.email, apiToken: jira.apiToken });
    const unreadable = (() => {
      try {
        jiraCredentialOf("jira-key");
      } catch (error) {
        return error;
      }
    })() as ConnectorError;
    expect(unreadable).toBeInstanceOf(ConnectorError);
    expect(unreadable.kind).toBe("unauthorized");
  });

  test("myself answers the account of the e-mail and token, sent as Basic", async () => {
    const account = await connector.myself(credential());
    expect(account).toMatchObject({ displayName: expect.any(String), emailAddress: "giulia@example.com" });
    expect(account.accountId).toMatch(/^712020:/);
    expect(jira.requests[0]?.headers.authorization).toBe("Basic [redacted]");
  });

  test.each<[string, { status: number; body: unknown }, string]>([
    ["a 404 for the API", { status: 404, body: "<html><body>Not here</body></html>" }, "HTTP 404"],
    ["a redirect", { status: 301, body: "" }, "HTTP 301"],
    ["a text that is not Jira's", { status: 200, body: "<html>Welcome</html>" }, "an answer that is not the API's"],
    ["JSON that is not Jira's", { status: 200, body: { hello: "world" } }, "an answer that is not the API's"],
  ])("a site answering %s is not a Jira site: a client error", async (_label, answer, detail) => {
    jira.failNext(1, answer);
    const failure = await failureOf(connector.myself(credential()));
    expect(failure).toMatchObject({ kind: "client", reason: "not_jira" });
    expect(failure.message).toBe(`Jira API: the site ${jira.domain} does not answer as a Jira Cloud site (${detail})`);
  });

  test("a token Jira refuses is unauthorized (401) with Jira's message, and the token is nowhere in it", async () => {
    const failure = await failureOf(connector.myself(credential({ apiToken: "ATATT-wrong" })), "ATATT-wrong");
    expect(failure).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(failure.message).toBe("Jira API: Client must be authenticated to access this resource.");
    expect(asked()).toEqual(["GET /rest/api/3/myself 401"]);
  });
});

describe("the person's open issues", () => {
  test("their issues not done, most recently updated first, with the type's icon, the text of the description and the browse address", async () => {
    jira.addAccount({ email: "marco@example.com" });
    const now = Date.now();
    jira.addIssue({ key: "WEB-1", summary: "Old bug", type: "Bug", updated: now - 3000 });
    jira.addIssue({
      key: "WEB-2",
      summary: "Checkout page",
      type: "Story",
      status: "In Progress",
      updated: now - 1000,
      description: {
        type: "doc",
        version: 1,
        content: [
          { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Goal" }] },
          {
            type: "paragraph",
            content: [
              { type: "text", text: "Ask " },
              { type: "mention", attrs: { id: "1", text: "@Marco" } },
              { type: "text", text: " first" },
              { type: "hardBreak" },
              { type: "text", text: "then ship." },
            ],
          },
          {
            type: "bulletList",
            content: [
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "cart" }] }] },
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "payment" }] }] },
            ],
          },
        ],
      },
    });
    jira.addIssue({ key: "WEB-3", summary: "Shipped", status: "Done", updated: now });
    jira.addIssue({ key: "WEB-4", summary: "Marco's", assignee: "marco@example.com", updated: now });
    jira.addIssue({ key: "WEB-5", summary: "Nobody's", assignee: null, updated: now });

    const issues = await connector.listIssues(credential());
    expect(issues.map((issue) => issue.key)).toEqual(["WEB-2", "WEB-1"]);
    expect(issues[0]).toEqual({
      id: expect.any(String),
      key: "WEB-2",
      url: `https://${jira.domain}/browse/WEB-2`,
      fields: {
        summary: "Checkout page",
        issuetype: { id: "10002", name: "Story", iconUrl: expect.stringContaining("/avatar/10315") },
      },
      description: "Goal\nAsk @Marco first\nthen ship.\n- cart\n- payment",
    });
    expect(issues[1]).toMatchObject({ description: "", fields: { issuetype: { name: "Bug" } } });

    const [search] = jira.requests;
    expect(search).toMatchObject({ method: "GET", path: "/rest/api/3/search/jql", status: 200 });
    expect(search?.query).toEqual({
      jql: jiraIssuesJql,
      fields: "summary,description,issuetype",
      maxResults: "100",
    });
    expect(jiraIssuesJql).toBe("assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC");
  });

  test("follows every page by its nextPageToken, and never asks the retired /search", async () => {
    jira.setPageLimits({ search: 2 });
    const now = Date.now();
    for (let n = 1; n <= 5; n += 1) jira.addIssue({ key: `OPS-${n}`, summary: `Issue ${n}`, updated: now - n });
    const issues = await connector.listIssues(credential());
    expect(issues.map((issue) => issue.key)).toEqual(["OPS-1", "OPS-2", "OPS-3", "OPS-4", "OPS-5"]);
    expect(asked()).toEqual([
      "GET /rest/api/3/search/jql 200",
      "GET /rest/api/3/search/jql 200",
      "GET /rest/api/3/search/jql 200",
    ]);
    const tokens = jira.requests.map((request) => request.query.nextPageToken);
    expect(tokens[0]).toBeUndefined();
    expect(tokens[1]).toEqual(expect.any(String));
    expect(tokens[2]).not.toBe(tokens[1]);
    expect(jira.requests.every((request) => request.query.jql === jiraIssuesJql)).toBe(true);
    expect(jira.requests.some((request) => request.path === "/rest/api/3/search")).toBe(false);
  });

  test("the fake's retired /search answers 410 Gone, as Jira's does", async () => {
    const gone = await fetch(`${jira.url}/rest/api/3/search?jql=${encodeURIComponent(jiraIssuesJql)}`, {
      headers: { authorization: `Basic ${Buffer.from(`${jira.email}:${jira.apiToken}`).toString("base64")}` },
    });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { errorMessages: string[] }).errorMessages[0]).toContain("/rest/api/3/search/jql");
  });

  test("stops at its page cap, so that a site answering pages forever cannot keep it looping", async () => {
    jira.setPageLimits({ search: 2 });
    for (let n = 1; n <= 7; n += 1) jira.addIssue({ key: `CAP-${n}`, summary: `Issue ${n}` });
    const capped = connectorFor({ maxPages: 2 });
    expect(await capped.listIssues(credential())).toHaveLength(4);
    expect(jira.requests).toHaveLength(2);
  });
});

describe("failures", () => {
  test("a 429 is waited out for its Retry-After, then the call succeeds", async () => {
    jira.addIssue({ summary: "After the wait" });
    jira.failNext(1, { status: 429, retryAfter: 1 });
    const started = Date.now();
    const issues = await connector.listIssues(credential());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(issues.map((issue) => issue.fields.summary)).toEqual(["After the wait"]);
    expect(asked()).toEqual(["GET /rest/api/3/search/jql 429", "GET /rest/api/3/search/jql 200"]);
  });

  test("a storm of 429s is rate_limited after the retries", async () => {
    jira.failNext(10, { status: 429, retryAfter: 0 });
    const failure = await failureOf(connector.listIssues(credential()));
    expect(failure).toMatchObject({ kind: "rate_limited", status: 429 });
    expect(failure.message).toBe("Jira API: Rate limit exceeded.");
    expect(jira.requests).toHaveLength(4);
  });

  test("a Retry-After longer than the server waits is not waited for", async () => {
    jira.failNext(1, { status: 429, retryAfter: 3600 });
    const failure = await failureOf(connector.listIssues(credential()));
    expect(failure.kind).toBe("rate_limited");
    expect(jira.requests).toHaveLength(1);
  });

  test("a 5xx is retried, and one that lasts is upstream with Jira's message", async () => {
    jira.failNext(1, { status: 500 });
    expect(await connector.listIssues(credential())).toEqual([]);
    jira.clearRequests();
    jira.failNext(4, { status: 503 });
    const failure = await failureOf(connector.listIssues(credential()));
    expect(failure).toMatchObject({ kind: "upstream", status: 503, message: "Jira API: Service unavailable." });
    expect(jira.requests).toHaveLength(4);
  });

  test("a site that does not answer in time is a timeout, not retried", async () => {
    jira.failNext(1, { delayMs: 1500 });
    const failure = await failureOf(connectorFor({ timeoutMs: 300 }).listIssues(credential()));
    expect(failure).toMatchObject({ kind: "timeout", status: null, message: "Jira API: no answer within 300 ms" });
    expect(jira.requests).toHaveLength(1);
  });

  test("a redirect is never followed", async () => {
    jira.failNext(1, { status: 302, body: "" });
    const failure = await failureOf(connector.listIssues(credential()));
    expect(failure).toMatchObject({ kind: "upstream", status: 302 });
    expect(jira.requests).toHaveLength(1);
  });

  test("an answer that is not Jira's is upstream", async () => {
    jira.failNext(1, { status: 200, body: { unexpected: true, issues: "no" } });
    const failure = await failureOf(connector.listIssues(credential()));
    expect(failure).toMatchObject({ kind: "upstream", message: "Jira API: an answer that is not the API's" });
  });
});

describe("the site's address", () => {
  const production = { allowPrivate: false, allowHttp: true };

  test.each([
    ["a loopback address", "127.0.0.1", "loopback"],
    ["a private address", "10.1.2.3", "private"],
    ["a link-local address", "169.254.169.254", "link-local"],
    ["an IPv4-mapped IPv6 loopback", "[::ffff:127.0.0.1]", "loopback"],
  ])("%s is refused before anything is sent", async (_label, domain, reason) => {
    const failure = await failureOf(connectorFor(production).listIssues(credential({ domain })));
    expect(failure).toMatchObject({ kind: "client", reason: "private_address" });
    expect(failure.message).toContain("resolves to a private address");
    expect(failure.message).toContain(reason);
    expect(jira.requests).toEqual([]);
  });

  test("a name resolving to a private address among public ones is refused, at each call", async () => {
    const answers = [
      [{ address: "104.192.141.1", family: 4 }],
      [
        { address: "104.192.141.1", family: 4 },
        { address: "192.168.1.20", family: 4 },
      ],
    ];
    let calls = 0;
    const lookup = async () => answers[Math.min(calls++, 1)]!;
    const site = connectorFor({ ...production, lookup, timeoutMs: 300, retries: 0 });
    // The first call reaches the public address (nothing answers there from here: a network failure or a timeout).
    const first = await failureOf(site.myself(credential({ domain: "acme.atlassian.net" })));
    expect(first.reason).not.toBe("private_address");
    const second = await failureOf(site.myself(credential({ domain: "acme.atlassian.net" })));
    expect(second).toMatchObject({ kind: "client", reason: "private_address" });
    expect(second.message).toBe(
      "Jira API: the site acme.atlassian.net resolves to a private address (192.168.1.20: private); only a public Jira Cloud site can be connected",
    );
    expect(calls).toBe(2);
  });

  test("the connection goes to the address checked, the Host header still the site's", async () => {
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    const port = jira.domain.split(":")[1];
    const site = connectorFor({ lookup });
    const account = await site.myself(credential({ domain: `jira.timetrap.invalid:${port}` }));
    expect(account.emailAddress).toBe(jira.email);
    expect(jira.requests[0]?.headers.host).toBe(`jira.timetrap.invalid:${port}`);
  });

  test("a site that does not exist is a client error, not retried", async () => {
    const lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const failure = await failureOf(
      connectorFor({ ...production, lookup }).myself(credential({ domain: "nope.example" })),
    );
    expect(failure).toMatchObject({ kind: "client", reason: "site_not_found" });
    expect(failure.message).toBe("Jira API: the site nope.example could not be found");
  });

  test("a port other than 443 is refused unless private sites are allowed", async () => {
    const failure = await failureOf(connectorFor(production).myself(credential({ domain: "acme.atlassian.net:8443" })));
    expect(failure).toMatchObject({ kind: "client", reason: "invalid_port" });
  });

  test("https is the scheme unless http is allowed", async () => {
    const lookup = async () => [{ address: "127.0.0.1", family: 4 }];
    // The fake speaks http only: asked over TLS, the connection fails.
    const failure = await failureOf(
      connectorFor({ lookup, allowHttp: false, retries: 0 }).myself(credential({ domain: jira.domain })),
    );
    expect(failure.kind).toBe("upstream");
    expect(jira.requests).toEqual([]);
  });
});

describe("worklogs written back", () => {
  test("create writes one worklog with the seconds, the start and the note; find finds it by the reference", async () => {
    jira.addIssue({ key: "WEB-7", summary: "Write back" });
    const entry = entryFor("WEB-7", "event-1");
    expect(await connector.writeBackTarget.find(credential(), entry)).toBeNull();
    const id = await connector.writeBackTarget.create(credential(), entry);
    const [worklog] = jira.worklogs("WEB-7");
    expect(worklog).toMatchObject({
      id,
      timeSpentSeconds: 5400,
      started: "2026-11-27T08:00:00.000+0000",
      commentText: "1 h 30 m logged in Timetrap on 27/11/2026 [timetrap:event-1]",
    });
    expect(jira.requests.find((r) => r.method === "POST")?.query).toEqual({ notifyUsers: "false" });
    expect(await connector.writeBackTarget.find(credential(), entry)).toBe(id);
    expect(await connector.writeBackTarget.find(credential(), entryFor("WEB-7", "event-2"))).toBeNull();
  });

  test("find reads every page of the issue's worklogs", async () => {
    jira.addIssue({ key: "WEB-8", summary: "Many worklogs" });
    jira.setPageLimits({ worklogs: 2 });
    for (let n = 1; n <= 5; n += 1)
      await connector.writeBackTarget.create(credential(), entryFor("WEB-8", `other-${n}`));
    const id = await connector.writeBackTarget.create(credential(), entryFor("WEB-8", "last"));
    jira.clearRequests();
    expect(await connector.writeBackTarget.find(credential(), entryFor("WEB-8", "last"))).toBe(id);
    expect(jira.requests.map((r) => r.query.startAt)).toEqual(["0", "2", "4"]);
    jira.clearRequests();
    expect(await connector.writeBackTarget.find(credential(), entryFor("WEB-8", "missing"))).toBeNull();
    expect(jira.requests).toHaveLength(3);
  });

  test("update changes the same worklog; one deleted in Jira meanwhile is not_found", async () => {
    jira.addIssue({ key: "WEB-9", summary: "Changed block" });
    const id = await connector.writeBackTarget.create(credential(), entryFor("WEB-9", "event-9"));
    await connector.writeBackTarget.update(credential(), id, entryFor("WEB-9", "event-9", 7200));
    expect(jira.worklogs("WEB-9")).toEqual([
      expect.objectContaining({
        id,
        timeSpentSeconds: 7200,
        commentText: "2 h logged in Timetrap on 27/11/2026 [timetrap:event-9]",
      }),
    ]);
    jira.deleteWorklog("WEB-9", id);
    const failure = await failureOf(connector.writeBackTarget.update(credential(), id, entryFor("WEB-9", "event-9")));
    expect(failure).toMatchObject({ kind: "not_found", status: 404 });
    expect(failure.message).toBe(`Jira API: Cannot find worklog with id: ${id}.`);
  });

  test("an issue deleted meanwhile is not_found for every call", async () => {
    jira.addIssue({ key: "WEB-10", summary: "Deleted" });
    jira.deleteIssue("WEB-10");
    const entry = entryFor("WEB-10", "event-10");
    for (const call of [
      connector.writeBackTarget.find(credential(), entry),
      connector.writeBackTarget.create(credential(), entry),
      connector.writeBackTarget.update(credential(), "10000", entry),
    ]) {
      const failure = await failureOf(call);
      expect(failure).toMatchObject({ kind: "not_found", status: 404 });
      expect(failure.message).toBe("Jira API: Issue does not exist or you do not have permission to see it.");
    }
  });

  test("a worklog written whose answer failed is not written twice by the call, and find finds it after", async () => {
    jira.addIssue({ key: "WEB-11", summary: "Lost answer" });
    const entry = entryFor("WEB-11", "event-11");
    jira.failNext(1, { status: 500, method: "POST", afterWrite: true });
    const failure = await failureOf(connector.writeBackTarget.create(credential(), entry));
    expect(failure.kind).toBe("upstream");
    expect(jira.worklogs("WEB-11")).toHaveLength(1);
    expect(await connector.writeBackTarget.find(credential(), entry)).toBe(jira.worklogs("WEB-11")[0]?.id);
  });

  test("a worklog whose answer comes too late is a timeout, written once", async () => {
    jira.addIssue({ key: "WEB-12", summary: "Slow answer" });
    jira.failNext(1, { delayMs: 1000, method: "POST", afterWrite: true });
    const slow = connectorFor({ timeoutMs: 300 });
    const failure = await failureOf(slow.writeBackTarget.create(credential(), entryFor("WEB-12", "event-12")));
    expect(failure.kind).toBe("timeout");
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(jira.worklogs("WEB-12")).toHaveLength(1);
  });
});

describe("adfToText", () => {
  test.each<[string, unknown, string]>([
    ["nothing", null, ""],
    [
      "an ordered list from its start",
      {
        type: "doc",
        version: 1,
        content: [
          {
            type: "orderedList",
            attrs: { order: 3 },
            content: [
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "three" }] }] },
              { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "four" }] }] },
            ],
          },
        ],
      },
      "3. three\n4. four",
    ],
    [
      "a link card and a date",
      {
        type: "doc",
        version: 1,
        content: [
          {
            type: "paragraph",
            content: [
              { type: "inlineCard", attrs: { url: "https://example.com/spec" } },
              { type: "text", text: " due " },
              { type: "date", attrs: { timestamp: "1795737600000" } },
            ],
          },
        ],
      },
      "https://example.com/spec due 2026-11-27",
    ],
    [
      "empty paragraphs squeezed",
      {
        type: "doc",
        version: 1,
        content: [
          { type: "paragraph", content: [{ type: "text", text: "a" }] },
          { type: "paragraph", content: [] },
          { type: "paragraph", content: [] },
          { type: "paragraph", content: [] },
          { type: "paragraph", content: [{ type: "text", text: "b" }] },
        ],
      },
      "a\n\nb",
    ],
  ])("%s", (_label, document, text) => {
    expect(adfToText(document)).toBe(text);
  });
});
