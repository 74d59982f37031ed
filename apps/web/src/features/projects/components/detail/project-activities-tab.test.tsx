import { screen, waitFor, within } from "@testing-library/react";
import type { ProjectReportEntry } from "@timetrap/domain";
import { describe, expect, it, vi } from "vitest";
import { buildProject, buildUser } from "../../../../testing/builders";
import { jsonResponse, type StubRequest } from "../../../../testing/fetch-stub";
import { renderApp } from "../../../../testing/render";
import { stubSignedInApi } from "../../../../testing/signed-in-api";

const projectId = "8e1e0a52-0000-4000-8000-0000000000b2";
const base = `/api/v1/organization/org-1/project/${projectId}`;
const route = `/user/user-1/projects/${projectId}?organizationId=org-1&tab=activities`;
const hour = 3_600_000;

/** 150 entries, more than one page: entry n starts n hours after the first and lasts (n % 7) + 1 quarter hours. */
const entries: ProjectReportEntry[] = Array.from({ length: 150 }, (_, n) => {
  const start = Date.parse("2026-03-02T08:00:00Z") + n * hour;
  const elapsed = ((n % 7) + 1) * 900;
  return {
    id: `entry-${String(n).padStart(3, "0")}`,
    user: { uid: `user-${n % 3}`, nominative: ["Ada", "Bea", "Carlo"][n % 3]!, image_url: null },
    title: `Entry ${String(n).padStart(3, "0")}`,
    task: null,
    category: null,
    project: { uid: projectId, title: "Website relaunch" },
    start_time: start,
    end_time: start + elapsed * 1000,
    elapsed_time: elapsed,
  };
});

/** The server as the route answers: entries in the order asked for (newest first without one), a page at a time. */
function answer({ url }: StubRequest) {
  const sort = url.searchParams.get("sort");
  const direction = url.searchParams.get("direction") ?? (sort ? "asc" : "desc");
  const key = (entry: ProjectReportEntry) => (sort === "elapsed" ? entry.elapsed_time : entry.start_time);
  const sign = direction === "asc" ? 1 : -1;
  const sorted = [...entries].sort((a, b) => sign * (key(a) - key(b) || (a.id < b.id ? -1 : 1)));
  const page = Number(url.searchParams.get("page") ?? 1);
  const size = Number(url.searchParams.get("page_size") ?? 50);
  return jsonResponse({
    entries: sorted.slice((page - 1) * size, page * size),
    page,
    page_size: size,
    total: entries.length,
    total_elapsed_time: entries.reduce((sum, entry) => sum + entry.elapsed_time, 0),
  });
}

function server() {
  return stubSignedInApi(buildUser(), {
    [`GET ${base}`]: () => jsonResponse(buildProject({ uid: projectId, title: "Website relaunch" })),
    [`GET ${base}/report`]: answer,
  });
}

const firstTitle = (table: HTMLElement) =>
  within(within(table).getAllByRole("row")[1]!).getAllByRole("cell")[1]!.textContent;

describe("the Activities tab sorts through the server", { timeout: 20_000 }, () => {
  it("asks the server for each order from the first page, keeps the order when turning pages, and drops it at the third click", async () => {
    const fetch = server();
    const { user } = renderApp({ route });
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    const asked = () => {
      const { page, page_size, sort, direction } = Object.fromEntries(
        fetch.requestsTo("GET", `${base}/report`).at(-1)!.url.searchParams,
      );
      return { page, page_size, sort, direction };
    };
    expect(asked()).toEqual({ page: "1", page_size: "100", sort: undefined, direction: undefined });
    expect(firstTitle(table)).toBe("Entry 149");

    await user.click(within(table).getByRole("button", { name: "Elapsed" }));
    await waitFor(() => expect(asked()).toEqual({ page: "1", page_size: "100", sort: "elapsed", direction: "asc" }));
    // The shortest entries first, ties by id: entry 0 is one of the quarter hours.
    await waitFor(() => expect(firstTitle(table)).toBe("Entry 000"));
    expect(within(table).getByRole("columnheader", { name: "Elapsed" })).toHaveAttribute("aria-sort", "ascending");

    await user.click(screen.getByRole("button", { name: "2" }));
    await waitFor(() => expect(asked()).toEqual({ page: "2", page_size: "100", sort: "elapsed", direction: "asc" }));
    // The second page goes on where the first stopped, in the same order: 66 + 21 + 13 entries came before.
    await waitFor(() => expect(firstTitle(table)).toBe("Entry 095"));

    await user.click(within(table).getByRole("button", { name: "Elapsed" }));
    await waitFor(() => expect(asked()).toEqual({ page: "1", page_size: "100", sort: "elapsed", direction: "desc" }));
    await waitFor(() => expect(firstTitle(table)).toBe("Entry 146"));

    await user.click(within(table).getByRole("button", { name: "Elapsed" }));
    await waitFor(() =>
      expect(asked()).toEqual({ page: "1", page_size: "100", sort: undefined, direction: undefined }),
    );
    await waitFor(() => expect(firstTitle(table)).toBe("Entry 149"));
  });

  it("names each header's column to the server; the project column, the same on every entry, does not sort", async () => {
    const fetch = server();
    const { user } = renderApp({ route });
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    const sorts: string[] = [];
    for (const [header, column] of [
      ["User", "user"],
      ["Title", "title"],
      ["Task", "task"],
      ["Category", "category"],
      ["Start", "start"],
      ["End", "end"],
    ] as const) {
      await user.click(within(table).getByRole("button", { name: header }));
      await waitFor(() =>
        expect(fetch.requestsTo("GET", `${base}/report`).at(-1)!.url.searchParams.get("sort")).toBe(column),
      );
      sorts.push(column);
    }
    expect(sorts).toHaveLength(6);
    expect(within(table).queryByRole("button", { name: "Project" })).not.toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Project" })).toBeInTheDocument();
  });

  it("downloads the CSV in the order on screen", async () => {
    const fetch = server();
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:csv", revokeObjectURL: () => {} }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user } = renderApp({ route });
    const table = await screen.findByRole("table", {}, { timeout: 8000 });
    await user.click(within(table).getByRole("button", { name: "Title" }));
    await user.click(within(table).getByRole("button", { name: "Title" }));
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const csv = fetch.requestsTo("GET", `${base}/report`).find((r) => r.url.searchParams.get("format") === "csv")!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({ format: "csv", sort: "title", direction: "desc" });
  });
});
