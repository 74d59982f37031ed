import { defineConfig } from "vitest/config";

/** The bundle budget: one production build of the web app, measured from its manifest (budget.test.ts). */
export default defineConfig({
  test: {
    name: "bundle",
    environment: "node",
    include: ["*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
