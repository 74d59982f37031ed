import type { Environments, InitializePaddleOptions, Paddle, PaddleEventData } from "@paddle/paddle-js";

declare global {
  interface Window {
    /**
     * The browser journeys' test seam: a script they add to the page before it loads (Playwright's `addInitScript`)
     * sets this to a fake `initializePaddle`, so that Paddle's script is never fetched and the checkout's arguments and
     * events can be checked. Nothing of the app sets it; only a script already running in the page could.
     */
    __timetrapPaddle?: { initializePaddle: (options: InitializePaddleOptions) => Promise<Paddle | undefined> };
  }
}

type PaddleListener = (event: PaddleEventData) => void;

/** Paddle.js takes one event callback, at initialisation: it hands each event to the checkout on the page now. */
let listener: PaddleListener | null = null;
/** Paddle.js as initialised, and with what (the server's token, and the test seam when one is set). */
let loaded: { key: string; seam: unknown; paddle: Promise<Paddle> } | null = null;

/** Listens to Paddle's checkout events until the returned function is called. */
export function listenToPaddle(next: PaddleListener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

/**
 * Paddle.js, initialised once with the server's client-side token and environment (sandbox outside production). The
 * package is fetched here, with a dynamic import, only when the subscription page opens a checkout on a server that
 * takes payments: no other page carries it.
 */
export function loadPaddle({ environment, token }: { environment: Environments; token: string }): Promise<Paddle> {
  const key = `${environment}:${token}`;
  const seam = window.__timetrapPaddle;
  if (loaded && loaded.key === key && loaded.seam === seam) return loaded.paddle;
  const paddle = (async () => {
    const initializePaddle = seam?.initializePaddle ?? (await import("@paddle/paddle-js")).initializePaddle;
    const instance = await initializePaddle({ environment, token, eventCallback: (event) => listener?.(event) });
    if (!instance) throw new Error("Paddle.js did not load");
    return instance;
  })();
  loaded = { key, seam, paddle };
  // A failed load (offline, a blocked script) is tried again at the next checkout.
  paddle.catch(() => {
    if (loaded?.paddle === paddle) loaded = null;
  });
  return paddle;
}
