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
 * Like React.lazy, but renders at once once `preload()` has finished: a first-render suspend makes React hold
 * back the reveal for its fallback throttle, leaving a loaded page blank. main.tsx preloads the opened screens.
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
