import { defineProject } from "vitest/config";

// The `development` condition makes workspace packages (packages/domain) resolve to their TypeScript
// source, so the tests never run against a stale build.
const conditions = ["development", "module", "node"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./src/test/global-setup.ts"],
    // Each file starts its own database and app; two at a time fits a 2-core machine.
    maxWorkers: 2,
    // The files share their workers' loaded modules: each builds its own app on its own database, so nothing of one
    // reaches another, and loading the server's modules once per worker rather than once per file saves a third of the
    // suite's time. A test that needs a module replaced (vi.mock) takes an option of the app instead.
    isolate: false,
    // Its own group: run after the light domain and web projects, with its own worker limit.
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
