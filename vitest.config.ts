import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/domain", "apps/server", "apps/web", "apps/web/bundle"],
  },
});
