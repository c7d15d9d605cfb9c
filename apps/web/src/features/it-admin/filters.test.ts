import { describe, expect, it } from 'vitest';
import { activityFilters, filterValues, keptInUrl, outboxFilters, ACTIVITY_FIELDS, OUTBOX_FIELDS } from './filters';

const blank = { user: '', source: '', area: '', action: '', from: '', to: '', q: '' };

describe('activityFilters', () => {
  it('sends the values trimmed and leaves out the empty ones', () => {
    expect(activityFilters({ ...blank, user: ' it.admin ', source: 'audit', q: '  ' })).toEqual({
      filters: { user: 'it.admin', source: 'audit' },
      problems: {},
    });
  });

  it('refuses an end before the start at the end, with the shared reason', () => {
    const { problems } = activityFilters({ ...blank, from: '2026-03-10', to: '2026-03-01' });
    expect(problems).toEqual({ to: { reason: 'endBeforeStart', params: {} } });
  });

  it('refuses a date that is not one, and text longer than the API takes', () => {
    const { problems } = activityFilters({ ...blank, from: 'invalid-date', q: 'x'.repeat(101) });
    expect(problems.from?.reason).toBe('invalidDate');
    expect(problems.q?.reason).toBe('tooLong');
  });
});

describe('outboxFilters', () => {
  it('sends the recipient and state', () => {
    expect(outboxFilters({ recipient: 'priya', state: 'failed' })).toEqual({
      filters: { recipient: 'priya', state: 'failed' },
      problems: {},
    });
  });
});

describe('filterValues', () => {
  it('reads the URL, taking a source or state it cannot have as none', () => {
    expect(filterValues(ACTIVITY_FIELDS, new URLSearchParams('source=bogus&area=leave'))).toEqual({
      ...blank,
      area: 'leave',
    });
    expect(filterValues(OUTBOX_FIELDS, new URLSearchParams('state=sent'))).toEqual({ recipient: '', state: '' });
    expect(filterValues(OUTBOX_FIELDS, new URLSearchParams('state=kept'))).toEqual({ recipient: '', state: 'kept' });
  });

  it('takes an area or action it does not offer, or an action of another area, as none', () => {
    const read = (query: string) => filterValues(ACTIVITY_FIELDS, new URLSearchParams(query));
    expect(read('area=accounts&action=account.disable')).toEqual({ ...blank, action: 'account.disable' });
    expect(read('area=access-control&action=account.disable')).toEqual({
      ...blank,
      area: 'access-control',
      action: 'account.disable',
    });
    expect(read('area=sign-in&action=account.disable')).toEqual({ ...blank, area: 'sign-in' });
    expect(read('action=SIGN_IN')).toEqual(blank);
  });
});

describe('keptInUrl', () => {
  it('keeps a date only once it is a whole date', () => {
    expect(keptInUrl('from', '2026-03-01')).toBe(true);
    expect(keptInUrl('from', 'invalid-date')).toBe(false);
    expect(keptInUrl('q', 'anything')).toBe(true);
  });
});
