import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  checkedId,
  classifyOAuthGrant,
  clientSettingsOf,
  everyPage,
  oauthClientOf,
  pageTextMessage,
  parsed,
  readOAuthError,
  textMessage,
} from "./connector-kit.js";
import { ConnectorError } from "./http-client.js";

function thrownBy(run: () => unknown): ConnectorError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    return error as ConnectorError;
  }
  throw new Error("nothing was thrown");
}

async function rejectionOf(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe("parsed", () => {
  const schema = z.object({ id: z.string() });

  test("answers the value read with the schema", () => {
    expect(parsed(schema, { id: "7", extra: true }, "Todoist API")).toEqual({ id: "7" });
  });

  test("an answer of another shape is the service's upstream failure, with the reason asked for", () => {
    const failure = thrownBy(() => parsed(schema, { id: 7 }, "Todoist API"));
    expect(failure).toMatchObject({ service: "Todoist API", kind: "upstream", status: null, reason: null });
    expect(failure.message).toBe("Todoist API: an answer that is not the API's");
    expect(thrownBy(() => parsed(schema, "<html>", "Jira API", "unexpected_answer")).reason).toBe("unexpected_answer");
  });
});

describe("error bodies", () => {
  test("a text answer is its trimmed first 300 characters; anything else or an empty text is no message", () => {
    expect(textMessage("  Service Unavailable \n")).toBe("Service Unavailable");
    expect(textMessage(`${"x".repeat(400)}`)).toHaveLength(300);
    expect(textMessage("   ")).toBeNull();
    expect(textMessage({ error: "x" })).toBeNull();
    expect(textMessage(null)).toBeNull();
  });

  test("a page answered as text is read without its markup, its spaces folded, to 300 characters", () => {
    expect(pageTextMessage("<html><body><h1>Bad\n  gateway</h1><p>Try later</p></body></html>")).toBe(
      "Bad gateway Try later",
    );
    expect(pageTextMessage(`<p>${"y ".repeat(400)}</p>`)).toHaveLength(300);
    expect(pageTextMessage("<br/>")).toBeNull();
    expect(pageTextMessage(42)).toBeNull();
  });

  test("OAuth's error: the description with the code, either alone, or a text answer", () => {
    expect(readOAuthError(400, { error: "invalid_grant", error_description: "Bad Request" })).toEqual({
      reason: "invalid_grant",
      message: "Bad Request (invalid_grant)",
    });
    expect(readOAuthError(400, { error: "invalid_client" })).toEqual({
      reason: "invalid_client",
      message: "invalid_client",
    });
    expect(readOAuthError(400, { error_description: "No." })).toEqual({ reason: null, message: "No." });
    expect(readOAuthError(502, " Bad gateway ")).toEqual({ reason: null, message: "Bad gateway" });
  });

  test("a refused grant is the person's to connect again, a refused client this server's configuration", () => {
    expect(classifyOAuthGrant(400, "invalid_grant")).toBe("unauthorized");
    expect(classifyOAuthGrant(401, "invalid_client")).toBe("upstream");
    expect(classifyOAuthGrant(400, "unauthorized_client")).toBe("upstream");
    expect(classifyOAuthGrant(400, "invalid_request")).toBeNull();
    expect(classifyOAuthGrant(500, null)).toBeNull();
  });
});

describe("the client's settings", () => {
  test("only those a configuration sets are passed on", () => {
    expect(clientSettingsOf({ timeoutMs: 2000 })).toEqual({ timeoutMs: 2000 });
    const fetcher = (() => Promise.reject(new Error("unused"))) as unknown as typeof fetch;
    expect(
      clientSettingsOf({ timeoutMs: 5, fetch: fetcher, retries: 0, backoffBaseMs: 10, maxRetryAfterMs: 20 }),
    ).toEqual({ timeoutMs: 5, fetch: fetcher, retries: 0, backoffBaseMs: 10, maxRetryAfterMs: 20 });
  });

  test("the OAuth client needs its id and its secret", () => {
    expect(oauthClientOf({ clientId: "id", clientSecret: "secret" }, "Asana", "Asana")).toEqual({
      client_id: "id",
      client_secret: "secret",
    });
    const failure = thrownBy(() => oauthClientOf({ clientId: "id", clientSecret: null }, "Asana", "Asana"));
    expect(failure).toMatchObject({ kind: "client", reason: "not_configured" });
    expect(failure.message).toBe("Asana: the Asana client id and secret are not configured");
  });
});

describe("ids", () => {
  test("an id of letters, digits, _ and - up to 64 is kept as it is", () => {
    expect(checkedId("6vXr-9_a", "Task", "Todoist API", "a Todoist id")).toBe("6vXr-9_a");
    expect(checkedId("1".repeat(64), "Task", "Todoist API", "a Todoist id")).toBe("1".repeat(64));
  });

  test("anything else is not found, the id quoted (its first 64 characters), never sent", () => {
    for (const id of ["", "..", "12/../me", "a b", "1".repeat(65), "é"]) {
      const failure = thrownBy(() => checkedId(id, "Project", "Asana API", "an Asana gid"));
      expect(failure).toMatchObject({ service: "Asana API", kind: "not_found", status: null, reason: "invalid_id" });
      expect(failure.message).toBe(
        `Asana API: Project not found (${JSON.stringify(id.slice(0, 64))} is not an Asana gid)`,
      );
    }
  });
});

describe("every page", () => {
  test("follows the cursors to the last page, which has none or an empty one", async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, { items: number[]; next: string | null | undefined }> = {
      first: { items: [1, 2], next: "b" },
      b: { items: [3], next: "c" },
      c: { items: [], next: "d" },
      d: { items: [4], next: null },
    };
    const items = await everyPage({
      service: "Todoist API",
      path: "/tasks",
      maxPages: 10,
      page: async (cursor) => {
        asked.push(cursor);
        return pages[cursor ?? "first"]!;
      },
    });
    expect(items).toEqual([1, 2, 3, 4]);
    expect(asked).toEqual([undefined, "b", "c", "d"]);
    expect(
      await everyPage({ service: "S", path: "/p", maxPages: 1, page: async () => ({ items: [5], next: "" }) }),
    ).toEqual([5]);
    expect(
      await everyPage({ service: "S", path: "/p", maxPages: 1, page: async () => ({ items: [6], next: undefined }) }),
    ).toEqual([6]);
  });

  test("a cursor given twice is a listing that never ends", async () => {
    let calls = 0;
    const failure = await rejectionOf(
      everyPage({
        service: "Asana API",
        path: "/workspaces",
        maxPages: 100,
        page: async () => {
          calls += 1;
          return { items: [calls], next: calls % 2 === 0 ? "even" : "odd" };
        },
      }),
    );
    expect(calls).toBe(3);
    expect(failure).toMatchObject({ service: "Asana API", kind: "upstream", reason: "endless_listing" });
    expect(failure.message).toBe("Asana API: the listing of /workspaces did not end after 100 pages");
  });

  test("a listing past its most pages is the service's failure, the pages past it never asked", async () => {
    let calls = 0;
    const failure = await rejectionOf(
      everyPage({
        service: "Todoist API",
        path: "/projects",
        maxPages: 3,
        page: async () => {
          calls += 1;
          return { items: [calls], next: `page-${calls}` };
        },
      }),
    );
    expect(calls).toBe(3);
    expect(failure.reason).toBe("endless_listing");
    expect(failure.message).toBe("Todoist API: the listing of /projects did not end after 3 pages");
  });

  test("a page's failure is the listing's", async () => {
    const refused = new ConnectorError({
      service: "S",
      kind: "unauthorized",
      status: 401,
      reason: null,
      serviceMessage: "no",
    });
    const failure = await rejectionOf(
      everyPage({ service: "S", path: "/p", maxPages: 5, page: () => Promise.reject(refused) }),
    );
    expect(failure).toBe(refused);
  });
});
