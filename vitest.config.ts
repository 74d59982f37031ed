import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { defineConfig } from "vitest/config";

const webRoot = "apps/web";

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The web tests that replace a module (`vi.mock`) get a fresh set of modules per file (web-isolated); the others share
 * their worker's (web), which spares each file loading React, Mantine and the app again: a third of the suite's time.
 * Found by reading the files, so that a new test with a mock cannot land among the shared ones.
 */
const webTestFiles = testFilesUnder(join(webRoot, "src")).map((file) => relative(webRoot, file));
const mocks = (file: string) => readFileSync(join(webRoot, file), "utf8").includes("vi.mock(");

/** The web project (apps/web/vite.config.ts) less the files named: an extended `include` adds to the base's. */
const web = (name: string, exclude: string[], isolate: boolean) => ({
  extends: `./${webRoot}/vite.config.ts`,
  root: `./${webRoot}`,
  test: { name, exclude, isolate },
});

export default defineConfig({
  test: {
    // Two files at a time in every project: Vitest's default (the cores less one) leaves one of a 2-core machine's
    // cores idle, and the jsdom files spend much of their time starting rather than running.
    maxWorkers: 2,
    projects: [
      "packages/domain",
      "apps/server",
      web("web", webTestFiles.filter(mocks), false),
      web(
        "web-isolated",
        webTestFiles.filter((file) => !mocks(file)),
        true,
      ),
      "apps/web/bundle",
    ],
  },
});
