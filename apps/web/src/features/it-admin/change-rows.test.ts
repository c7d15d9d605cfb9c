import { describe, expect, it } from 'vitest';
import { changeRows } from './change-rows';

describe('changeRows', () => {
  it('lines up the fields of before and after, marking those that changed', () => {
    expect(
      changeRows(
        { enabled: true, departments: ['HR'], name: 'Hafiz' },
        { enabled: false, departments: ['HR'], email: 'hafiz@staffportal.example' },
      ),
    ).toEqual([
      { key: 'enabled', before: 'true', after: 'false', changed: true },
      { key: 'departments', before: '["HR"]', after: '["HR"]', changed: false },
      { key: 'name', before: 'Hafiz', after: undefined, changed: true },
      { key: 'email', before: undefined, after: 'hafiz@staffportal.example', changed: true },
    ]);
  });

  it('compares nested values by content', () => {
    expect(changeRows({ tiers: [{ days: 8 }] }, { tiers: [{ days: 8 }] })[0]!.changed).toBe(false);
    expect(changeRows({ tiers: [{ days: 8 }] }, { tiers: [{ days: 12 }] })[0]!.changed).toBe(true);
  });

  it('shows a creation or a deletion against nothing, and nothing for neither', () => {
    expect(changeRows(null, { id: 1 })).toEqual([{ key: 'id', before: undefined, after: '1', changed: true }]);
    expect(changeRows({ id: 1 }, null)).toEqual([{ key: 'id', before: '1', after: undefined, changed: true }]);
    expect(changeRows(null, null)).toEqual([]);
  });

  it('compares single values as one row', () => {
    expect(changeRows('draft', 'published')).toEqual([{ key: '', before: 'draft', after: 'published', changed: true }]);
    expect(changeRows([1, 2], [1, 2])).toEqual([{ key: '', before: '[1,2]', after: '[1,2]', changed: false }]);
  });
});
