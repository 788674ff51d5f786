import { lazy, type ComponentType, type ReactElement } from 'react';

/** A screen loaded on demand that can also be loaded ahead of its first render. */
export interface LazyScreen {
  (): ReactElement;
  preload: () => Promise<void>;
}

/** What a route of the table carries for main.tsx (react-router's `handle`). */
export interface RouteHandle {
  preload?: () => Promise<void>;
}

/**
 * Like React.lazy, but once `preload()` has finished the screen renders at once instead of suspending.
 * That matters on the first render: a lazy screen always suspends once, and React then holds back the
 * reveal of a Suspense boundary for up to 300 ms after the fallback was shown (its fallback throttle),
 * so a signed-in page stayed blank that long after its code had arrived. main.tsx preloads the screens
 * of the address being opened before the first render.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchScreen = () =>
    (pending ??= load().then(
      (module) => (Loaded = module.default),
      (err: unknown) => {
        // A failed download may work next time (the next render tries again; the error boundary shows it).
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetchScreen() }));
  const Screen = () => (Loaded ? <Loaded /> : <Lazy />);
  const preload = async () => {
    await fetchScreen();
  };
  return Object.assign(Screen, { preload });
}
