import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure } from "@testing-library/react";
import { languages } from "@timetrap/domain";
import { afterEach, beforeEach, vi } from "vitest";
import { deleteCookie } from "../lib/cookies";
import { i18n, loadAllTexts } from "../lib/i18n";
import { fakeMatchMedia } from "./match-media";

// The suite runs beside the domain tests on two cores: a busy machine must slow a page down, not fail it. Waits
// still end, and fail, when what they wait for never comes.
configure({ asyncUtilTimeout: 4_000 });

// The app fetches a language's texts when first needed, the signed-in part with the shell; the tests have all of them
// at hand, so that a language switch (the signed-in user's, the profile's) takes effect at once, as with texts already
// fetched.
await loadAllTexts();
await i18n.loadLanguages([...languages]);

// Mantine reads these browser APIs that jsdom does not provide.
Object.defineProperty(window, "matchMedia", { writable: true, value: fakeMatchMedia(() => false) });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosizing textarea listens for web fonts loading.
Object.defineProperty(document, "fonts", {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});

beforeEach(async () => {
  await i18n.changeLanguage("en");
  // After the language switch, which remembers its choice in storage: every test starts empty.
  window.localStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) deleteCookie(decodeURIComponent(name));
  }
});

afterEach(() => {
  cleanup();
  // The notifications store lives at module level; empty it so one test's toasts do not leak into the next.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
