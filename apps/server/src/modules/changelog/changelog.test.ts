import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { request, useTestApp } from "../../test/test-app.js";

const dir = mkdtempSync(join(tmpdir(), "timetrap-changelog-"));
const changelogPath = join(dir, "CHANGELOG.md");
const content = "# Changelog\n\n## 0.23.0\n\n- Sign-up, sign-in and onboarding — “first” release\n";
writeFileSync(changelogPath, content);

const t = useTestApp({ CHANGELOG_PATH: changelogPath });

describe("GET /changelog", () => {
  test("answers the changelog file as UTF-8 markdown, without a session", async () => {
    const response = await request(t.app, { method: "GET", url: "/api/v1/changelog" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(response.body).toBe(content);
  });

  test("answers the file as it is now, without a restart", async () => {
    writeFileSync(changelogPath, `${content}\n## 0.24.0\n`);
    expect((await request(t.app, { method: "GET", url: "/api/v1/changelog" })).body).toContain("0.24.0");
  });

  test("answers a JSON 404 when the file is missing", async () => {
    const missing = await t.buildAnotherApp({ CHANGELOG_PATH: join(dir, "nope.md") });
    const response = await request(missing.app, { method: "GET", url: "/api/v1/changelog" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND", ErrorMessage: "Changelog not found" });
  });
});
