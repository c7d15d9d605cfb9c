import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS } from './nav-items';

describe('NAV_ITEMS', () => {
  it('lists Home, Shared and Team Space with the paths of docs/product/specification.md §2', () => {
    expect(NAV_ITEMS.map(({ path, labelKey }) => [path, labelKey])).toEqual([
      ['/', 'nav.home'],
      ['/shared', 'nav.shared'],
      ['/team-space', 'nav.teamSpace'],
    ]);
  });
});

describe('isNavItemActive (docs/product/specification.md §2 highlight rule)', () => {
  it.each([
    // Equal paths.
    ['/', '/', true],
    ['/shared', '/shared', true],
    ['/team-space', '/team-space', true],
    // A non-root item is highlighted on any path containing it.
    ['/shared', '/shared/hr-services/leave/approval', true],
    ['/shared', '/shared/industrial-relations/grievances/GRV2026000001', true],
    ['/team-space', '/team-space/anything', true],
    // Root: only on "/" itself, though every path contains "/".
    ['/', '/shared', false],
    ['/', '/profile', false],
    ['/', '/team-space', false],
    // Unrelated paths.
    ['/shared', '/', false],
    ['/shared', '/team-space', false],
    ['/shared', '/profile', false],
    ['/team-space', '/shared/hr-services/claims', false],
  ])('item %s on %s → %s', (itemPath, pathname, expected) => {
    expect(isNavItemActive(itemPath, pathname)).toBe(expected);
  });

  it('takes "contains" literally, as the seed writes it', () => {
    expect(isNavItemActive('/shared', '/not-shared-at-all/shared')).toBe(true);
  });
});
