import { describe, expect, it } from 'vitest';
import { durationParts, formatInstant, megabytes, percentage } from './format';

describe('formatInstant', () => {
  it('shows an instant day first in the organisation’s zone', () => {
    expect(formatInstant('2026-03-05T16:30:00.000Z', 'Asia/Kuala_Lumpur')).toBe('06/03/2026 00:30');
  });

  it('shows nothing for a missing or unreadable instant', () => {
    expect(formatInstant(null, 'Asia/Kuala_Lumpur')).toBe('');
    expect(formatInstant('not a date', 'Asia/Kuala_Lumpur')).toBe('');
  });
});

describe('durationParts', () => {
  it('splits seconds into whole days, hours and minutes', () => {
    expect(durationParts(2 * 86_400 + 3 * 3_600 + 4 * 60 + 59)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(durationParts(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe('megabytes and percentage', () => {
  it('shows bytes as megabytes to one decimal, and a share as a percentage', () => {
    expect(megabytes(1_572_864, 'en')).toBe('1.5');
    expect(megabytes(5_000_000_000, 'en')).toBe('4,768.4');
    expect(percentage(0.875, 'en')).toBe('87.5%');
    expect(percentage(1, 'ms')).toBe('100%');
  });
});
