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
    // Its own group: run after the light domain and web projects, with its own worker limit.
    sequence: { groupOrder: 1 },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
