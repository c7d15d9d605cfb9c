import { getContrastRatio } from '@mui/material/styles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { StatusChip, statusTextColour } from './status-chip';

// Seed §4 names and §9 colours, written out rather than read from the shared module.
const seedStatuses = [
  [0, 'PENDING', 'rgb(240, 173, 78)'],
  [1, 'APPROVED', 'rgb(92, 184, 92)'],
  [2, 'REJECTED', 'rgb(217, 83, 79)'],
  [3, 'CANCELLED', 'rgb(138, 138, 138)'],
  [4, 'PENDING CANCELLATION', 'rgb(255, 140, 0)'],
  [5, 'PENDING CANCELLATION', 'rgb(255, 140, 0)'],
] as const;

describe('StatusChip', () => {
  it.each(seedStatuses)('shows status %i as %s on its seed colour', (status, name, rgb) => {
    renderWithProviders(<StatusChip status={status} />);
    const chip = screen.getByText(name).closest('.MuiChip-root');
    expect(chip).not.toBeNull();
    expect(getComputedStyle(chip as Element).backgroundColor).toBe(rgb);
  });

  it.each([-1, 6, 42, Number.NaN])('shows "-" for the unknown code %s', (status) => {
    renderWithProviders(<StatusChip status={status} />);
    const chip = screen.getByText('-').closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-outlined');
  });

  it('puts text on every status colour at WCAG AA contrast (4.5:1)', () => {
    for (const colour of ['#f0ad4e', '#5cb85c', '#d9534f', '#8a8a8a', '#FF8C00']) {
      expect(getContrastRatio(statusTextColour(colour), colour)).toBeGreaterThanOrEqual(4.5);
    }
    // A dark colour would get white text.
    expect(statusTextColour('#004D6C')).toBe('#ffffff');
  });
});
