import { afterEach } from 'vitest';

/**
 * jsdom has no layout and no `matchMedia`, so MUI's useMediaQuery would always answer false.
 * This answers width queries (`(min-width:…)`, `(max-width:…)`, joined by `and`) for the given
 * viewport width, which is all the layout asks. Call before rendering; undone after each test.
 */
export function setViewportWidth(width: number): void {
  const matches = (query: string) =>
    query
      .replace(/^@media\s*/u, '')
      .split(/\s+and\s+/u)
      .every((part) => {
        const found = /\((min|max)-width:\s*([\d.]+)px\)/u.exec(part);
        if (found === null) return false;
        const limit = Number(found[2]);
        return found[1] === 'min' ? width >= limit : width <= limit;
      });
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  // @ts-expect-error -- restores jsdom's own state: no matchMedia at all.
  delete window.matchMedia;
});
