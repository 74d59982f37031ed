/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./precompress/plugin.ts";
import { serviceWorkerPlugin } from "./service-worker/plugin.ts";

const domainSource = fileURLToPath(new URL("../../packages/domain/src/index.ts", import.meta.url));
const passwordStrengthSource = fileURLToPath(
  new URL("../../packages/domain/src/password-strength.ts", import.meta.url),
);

export default defineConfig({
  plugins: [
    react(),
    serviceWorkerPlugin({
      extraFiles: ["/favicon.svg"],
      // The password meter's dictionaries (megabytes) come only with the screens that choose a password.
      notPrecached: [/^\/assets\/password-strength-/],
    }),
    // Brotli and gzip copies of every text file, served by the request's Accept-Encoding (decision 014).
    precompressPlugin(),
  ],
  resolve: {
    alias: [
      { find: /^@timetrap\/domain$/, replacement: domainSource },
      // Its own entry, loaded lazily: its dictionaries stay out of the first load (decision 010).
      { find: /^@timetrap\/domain\/password-strength$/, replacement: passwordStrengthSource },
    ],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // Only the report pages draw charts: their library gets its own chunk, or the vendor group would put it
            // in a chunk every page loads (decision 013).
            { name: "charts", test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/, priority: 1.5 },
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            {
              name: "mantine",
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|@tabler)/,
              priority: 2,
            },
            // Only the lazy password meter imports these: kept out of the vendor chunk every page loads.
            { name: "password-strength", test: /node_modules[\\/](@zxcvbn-ts|fastest-levenshtein)[\\/]/, priority: 4 },
            { name: "vendor", test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: "web",
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/testing/setup-tests.ts"],
    // jsdom pages under load: a guard against a hung test, not a measure of speed.
    testTimeout: 20_000,
    css: false,
  },
});
