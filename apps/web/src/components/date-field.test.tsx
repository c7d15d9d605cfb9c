import { applyLeaveInputSchema } from '@staff-portal/shared/leave';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { DATE_INPUT_FORMAT, DateField, INVALID_DATE } from './date-field';

/** A DateField whose value is held like a form's, each change also given to `onChange`. */
function Harness({ initial = '', onChange }: { initial?: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Start date"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
      <output>{value}</output>
    </>
  );
}

function renderField(initial?: string) {
  const onChange = vi.fn<(value: string) => void>();
  renderWithProviders(<Harness onChange={onChange} {...(initial === undefined ? {} : { initial })} />);
  return { onChange, input: screen.getByLabelText('Start date'), value: () => screen.getByRole('status').textContent };
}

describe('DateField', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('reads a date typed day first as its ISO date', async () => {
    const user = userEvent.setup();
    const { input, onChange, value } = renderField();
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    await user.type(input, '25/11/2026');

    expect(value()).toBe('2026-11-25');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
    expect(input).toHaveValue('25/11/2026');
  });

  it('shows its ISO value day first, and follows a value set from outside', async () => {
    const user = userEvent.setup();
    const { input } = renderField('2026-03-05');
    expect(input).toHaveValue('05/03/2026');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('');
  });

  it('gives an empty string when cleared', async () => {
    const user = userEvent.setup();
    const { input, onChange, value } = renderField('2026-11-25');

    await user.clear(input);

    expect(value()).toBe('');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('gives the invalid marker, which the shared date schema refuses, for a date that does not exist', async () => {
    const user = userEvent.setup();
    const { input, value } = renderField();

    await user.type(input, '31/02/2026');

    expect(value()).toBe(INVALID_DATE);
    expect(input).toHaveValue('31/02/2026');
    const parsed = applyLeaveInputSchema.safeParse({
      leaveTypeId: 'AL',
      startDate: INVALID_DATE,
      endDate: '2026-11-25',
      dayType: 0,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('startDate');
  });

  it.each([
    ['the digits alone', '16122026', '2026-12-16'],
    ['dashes', '16-12-2026', '2026-12-16'],
    ['dots', '16.12.2026', '2026-12-16'],
    ['spaces', '5 3 2026', '2026-03-05'],
  ])(
    'reads a date typed with %s (docs/product/qualities.md §5), and shows it as DD/MM/YYYY once left',
    async (_how, typed, iso) => {
      const user = userEvent.setup();
      const { input, value } = renderField();

      await user.type(input, typed);
      expect(value()).toBe(iso);
      await user.tab();

      expect(input).toHaveValue(`${iso.slice(8)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`);
    },
  );

  it('takes digits alone only as a whole day, month and year', async () => {
    const user = userEvent.setup();
    const { input, value } = renderField();

    await user.type(input, '1612202');
    expect(value()).toBe(INVALID_DATE);
    await user.type(input, '6');
    expect(value()).toBe('2026-12-16');
    await user.clear(input);
    await user.type(input, '31022026');
    expect(value()).toBe(INVALID_DATE);
    await user.tab();
    expect(input).toHaveValue('31022026');
  });

  it('reads a month-first date as day first, never as the browser would', async () => {
    const user = userEvent.setup();
    const { input, value } = renderField();

    await user.type(input, '11/25/2026');

    expect(value()).toBe(INVALID_DATE);
  });

  it('shows and reads DD/MM/YYYY in Malay too, with a calendar button named in Malay', async () => {
    await changeLanguage('ms');
    const user = userEvent.setup();
    const { input, value } = renderField();
    expect(input).toHaveAttribute('placeholder', DATE_INPUT_FORMAT);

    await user.type(input, '25/11/2026');

    expect(value()).toBe('2026-11-25');
    expect(screen.getByRole('button', { name: /^Pilih tarikh, tarikh dipilih ialah / })).toBeInTheDocument();
  });

  it('opens a calendar from a named button, and takes the day picked', async () => {
    const user = userEvent.setup();
    const { input, value } = renderField('2026-11-25');

    await user.click(screen.getByRole('button', { name: /^Choose date, selected date is / }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('gridcell', { name: '27' }));

    expect(value()).toBe('2026-11-27');
    expect(input).toHaveValue('27/11/2026');
  });
});
