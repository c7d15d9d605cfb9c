import { startTransition, useEffect, useState } from 'react';

/** How many items of a long list a screen renders at first: more than a screen shows. */
export const FIRST_ITEMS = 8;

/**
 * A long list rendered in two passes (decision record 0062): the first `first` items with the
 * rest of the screen, and the others in a render of their own, as a transition, once the first
 * pass is on screen. A screen with its data then shows after a fraction of the work (each row of
 * MUI components costs milliseconds on a slow machine), and the rows below the fold follow before
 * anyone could scroll to them. Once whole, the list stays whole.
 */
export function useProgressiveList<T>(items: readonly T[], first: number = FIRST_ITEMS): readonly T[] {
  const [whole, setWhole] = useState(false);
  const long = items.length > first;
  useEffect(() => {
    if (whole || !long) return undefined;
    // After the browser has painted the first pass: a frame, then a task after it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [whole, long]);
  return whole || !long ? items : items.slice(0, first);
}
