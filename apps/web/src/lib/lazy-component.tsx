import { type ComponentType, createElement, use, useState } from "react";

/** A component whose code is fetched the first time it is drawn (or preloaded), in a chunk of its own. */
export interface LazyComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts fetching the code; later draws are synchronous once it has come. */
  preload: () => Promise<ComponentType<P>>;
  /** Whether the code has come. */
  isLoaded: () => boolean;
}

/**
 * Like React's `lazy`, with a `preload` that fetches the code before it is needed (the signed-in shell while the
 * session is being checked, everything in the tests). Once loaded, the component draws without suspending. A load
 * that failed (a network error, a release that replaced the chunk) is tried again on the next draw.
 * Wrap in a Suspense boundary.
 */
const everyLazyComponent = new Set<{ preload: () => Promise<unknown> }>();

/**
 * Fetches the code of every lazy component defined so far, and of those that this code defines in turn. The tests
 * call it once, to draw every page and dialog at once, as one already fetched is drawn.
 */
export async function preloadEveryLazyComponent(): Promise<void> {
  let preloaded = -1;
  while (preloaded !== everyLazyComponent.size) {
    preloaded = everyLazyComponent.size;
    await Promise.all([...everyLazyComponent].map((component) => component.preload()));
  }
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = (props: P) => createElement(loaded ?? use(preload()), props);
  Lazy.preload = preload;
  Lazy.isLoaded = () => loaded !== undefined;
  everyLazyComponent.add(Lazy);
  return Lazy;
}

/**
 * True from the first time `wanted` is true: a lazily loaded dialog is drawn once first opened and then stays, so that
 * it closes with its transition.
 */
export function useDrawnOnce(wanted: boolean): boolean {
  const [drawn, setDrawn] = useState(wanted);
  if (wanted && !drawn) setDrawn(true);
  return drawn || wanted;
}
