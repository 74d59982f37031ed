/// <reference types="vitest/config" />
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { preloadWithoutHostImports } from "./bundle/preload-plugin.ts";
import { bundleReportPlugin } from "./bundle/report-plugin.ts";
import { stripDescriptionsPlugin } from "./bundle/strip-descriptions-plugin.ts";
import { textAreaRoots } from "./bundle/text-areas.ts";
import { textPartsPlugin } from "./bundle/text-parts-plugin.ts";
import { precompressPlugin } from "./precompress/plugin.ts";
import { serviceWorkerPlugin } from "./service-worker/plugin.ts";

const domainSource = fileURLToPath(new URL("../../packages/domain/src/index.ts", import.meta.url));
const passwordStrengthSource = fileURLToPath(
  new URL("../../packages/domain/src/password-strength.ts", import.meta.url),
);

// The signed-in pages (the text areas' roots, less the shell itself and the two-factor screens that are drawn signed
// out) are drawn inside the shell, which has loaded before any of them is imported.
const shellLayout = "app/shell-layout.tsx";
const preload = preloadWithoutHostImports({
  layout: `src/${shellLayout}`,
  pages: Object.entries(textAreaRoots)
    .filter(([area]) => area !== "twoFactor")
    .flatMap(([, roots]) => roots)
    .filter((root) => root !== shellLayout)
    .map((root) => `src/${root}`),
});

/** `npm run build:analyze` builds as production does, with the bundle report besides. */
const analyze = process.env.npm_lifecycle_event === "build:analyze";

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    preload.plugin,
    stripDescriptionsPlugin(),
    // Each language's texts in two parts: what the signed-out screens draw, and the rest (src/lib/i18n-parts.ts).
    textPartsPlugin(),
    serviceWorkerPlugin({
      extraFiles: ["/favicon.svg"],
      // The password meter's dictionaries (megabytes) come only with the screens that choose a password.
      notPrecached: [/^\/assets\/password-(strength|dictionaries)-/],
    }),
    // Brotli and gzip copies of every text file, served by the request's Accept-Encoding (decision 014). The bundle
    // budget's own build (bundle/budget.test.ts) measures gzip itself and leaves them out.
    process.env.TIMETRAP_PRECOMPRESS === "off" ? null : precompressPlugin(),
    // `npm run build:analyze`: the scripts of each route and what every chunk is made of (README "Bundle report").
    analyze ? bundleReportPlugin({ reportDir: fileURLToPath(new URL("./bundle/report", import.meta.url)) }) : null,
  ],
  resolve: {
    alias: [
      { find: /^@timetrap\/domain$/, replacement: domainSource },
      // Its own entry, loaded lazily: its dictionaries stay out of the first load (decision 010).
      { find: /^@timetrap\/domain\/password-strength$/, replacement: passwordStrengthSource },
      // React Router's package points every import at its development build, whose warnings for developers stay in a
      // bundle (its `ENABLE_DEV_WARNINGS` is a constant, not NODE_ENV); the build ships the production one, as the
      // package publishes it beside.
      ...(mode === "production"
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(import.meta.resolve("react-router").replace("/development/", "/production/")),
            },
          ]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    // Browsers without modulepreload still load every module through its imports, only without the head start.
    modulePreload: { polyfill: false, resolveDependencies: preload.resolveDependencies },
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The domain's schemas are built with zod at module level (`const userSchema = z.object(…)`): pure, so a page
      // that imports a constant from a module does not get the module's schemas, nor zod with them.
      treeshake: { manualPureFunctions: ["z"] },
      output: {
        // Seven characters of hash (42 bits, the fewest Rolldown takes here) tell a file's versions apart as well as eight: the first load carries every
        // chunk's name (the entry's preload table, each chunk's imports), and a character fewer on each counts.
        entryFileNames: "assets/[name]-[hash:7].js",
        chunkFileNames: "assets/[name]-[hash:7].js",
        assetFileNames: "assets/[name]-[hash:7][extname]",
        codeSplitting: {
          // Libraries are split by who uses them (decision 016). A group takes the modules its test matches that any
          // page uses, with what they import; everything else is left to the automatic split, by page.
          groups: [
            // Rolldown's and Vite's helpers, which almost every chunk imports: alone, rather than inside the first
            // library that needed them (they landed in dayjs's chunk, which every page then fetched).
            { name: "runtime", test: /^\0?(rolldown[\\/]runtime|vite[\\/]preload-helper)/, priority: 3 },
            // What every page runs, whole or nearly: each one chunk that stays cached from release to release.
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Less the infinite lists' observer, which only the pages with "Load more" use: it comes with them.
            {
              name: "query",
              test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.)/,
              priority: 2,
            },
            // Mantine's core and the components the sign-in and sign-up screens draw (every other page draws them too).
            {
              name: "mantine-base",
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Box|Button|UnstyledButton|ActionIcon|CloseButton|Input|InputBase|TextInput|PasswordInput|Paper|Title|Text|Stack|Group|Divider|Anchor|VisuallyHidden|Center|Loader|Transition))[\\/]/,
              priority: 2,
            },
            // The small modules the signed-out screens share (frame, logo, language menu, messages, storage, i18n):
            // one chunk rather than a dozen of a few hundred bytes, each with gzip's overhead.
            {
              name: "signed-out-ui",
              test: /src[\\/](components[\\/](logo|language-menu|language-names)|features[\\/]auth[\\/]components[\\/](auth-layout|email-field)|lib[\\/](notify|storage|api-client|session-store|web-authn-support))\.|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/](IconLanguage|IconCheck|IconX|IconAlertTriangle))\./,
              priority: 2,
            },
            // Menus, popovers, tooltips, dialogs and their positioning: the signed-in shell draws them on every page; a
            // signed-out screen only when its language menu opens.
            {
              name: "mantine-overlays",
              test: /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Menu|Popover|Tooltip|ScrollArea|Modal|ModalBase|Portal|Overlay|FocusTrap|Avatar|Collapse))[\\/]/,
              priority: 1.5,
            },
            // The shell's menu and account icons that pages draw too (those only the shell draws are in its chunk), and the
            // icons of the states and controls most pages share (alerts, empty states, add, edit, delete, lock, back,
            // chevrons): each was a chunk of its own of about 0.2 KB with gzip's overhead, loaded by nearly every
            // signed-in page; together they are lighter on every signed-in page (the board by 1.1 KB). Icons of a single
            // page stay with it: any icon named here comes with every signed-in page. The shell loads this chunk, so no
            // page's preload list (all of which the sign-in page's first load carries) names them again.
            {
              name: "shell-icons",
              test: /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(AddressBook|AlertCircle|ArrowLeft|ArrowsShuffle|Beach|Briefcase|Building|ChevronRight|CircleCheck|InfoCircle|Lock|Logout|MapOff|Pencil|PlugConnected|Plus|Receipt2|ReportAnalytics|ShieldLock|Trash|User|Users|UsersGroup)\./,
              priority: 1,
            },
            // Chart.js, which only the pages that draw charts fetch (decision 013): named, so that the browser journeys can
            // tell that the other pages do not.
            { name: "charts", test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/, priority: 1 },
            // The password meter's dictionaries (2.3 MB), fetched on demand (decision 010): a chunk of their own, named
            // so that the service worker leaves them out of its precache and the bundle budget can tell them apart.
            { name: "password-dictionaries", test: /node_modules[\\/](@zxcvbn-ts|fastest-levenshtein)[\\/]/ },
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
}));
