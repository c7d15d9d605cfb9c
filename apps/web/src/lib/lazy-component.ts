import { createElement, lazy } from 'react';
import type { ComponentType } from 'react';

/** A component whose code loads on demand; `preload` starts loading it sooner. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
};

/**
 * React.lazy, except that once the code is loaded (by `preload`, or by an earlier render) the
 * component renders at once. React.lazy suspends on its first render even when the module has
 * long arrived; React then commits the Suspense fallback and holds the content back for up to
 * 300 ms (its throttle on revealing fallbacks), which a cold load and the first visit of each
 * page paid in full. A failed load is tried again next time.
 */
export function lazyWithPreload<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Preloadable(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
