import { defineConfig, devices } from "@playwright/test";

export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? "3210"}`;

/**
 * What spares the two cores a fifth of their work over a run, found by measuring a run's CPU (decision 038):
 * - Headless Chromium renders Chrome's omnibox popup (chrome://omnibox-popup.top-chrome/) in a renderer of its own for
 *   every window, that is for every journey's context. Chromium reads only the last `--disable-features`, so this one
 *   is Playwright 1.65's list (its default arguments) with the two popups added.
 * - Debian's launcher (/usr/bin/chromium, /etc/chromium.d/default-flags) turns GPU rasterization on, which without a GPU
 *   rasterizes in SwiftShader; the display compositor runs in the browser's process rather than one of its own.
 */
const lighterChromium = [
  `--disable-features=${[
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
  ].join(",")}`,
  "--disable-gpu-rasterization",
  "--in-process-gpu",
];

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./support/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey walks several pages; on a 2-core machine shared with other work one page can take seconds. Each wait
  // still fails on its own (expect's timeout) when what it waits for never comes.
  timeout: 90_000,
  // The first wait of a page that both workers open at once (a journey's English and Italian runs), each beside a
  // browser that is busy too, has been seen to take 7 to 10 s there; a wait that fails still fails in 15.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "en-US",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        ...lighterChromium,
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 860 } } }],
});
