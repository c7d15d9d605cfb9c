import Button from '@mui/material/Button';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FormSelectField, SelectField } from './select-field';

type Source = '' | 'log' | 'audit';

function SourceFilter({ onChange }: { onChange: (value: Source) => void }) {
  const [value, setValue] = useState<Source>('');
  return (
    <SelectField<Source>
      label="Source"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={[
        { value: '', label: 'All' },
        { value: 'log', label: 'Log' },
        { value: 'audit', label: 'Audit', disabled: true },
      ]}
    />
  );
}

describe('SelectField', () => {
  it("is the browser's select, labelled, and hands on the chosen value", async () => {
    const onChange = vi.fn();
    renderWithProviders(<SourceFilter onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Source' });
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'Audit' })).toBeDisabled();

    await userEvent.selectOptions(select, 'Log');
    expect(onChange).toHaveBeenCalledWith('log');
    expect(select).toHaveValue('log');
  });

  it('draws grouped choices under their heading', () => {
    renderWithProviders(
      <SelectField
        label="Action"
        value=""
        onChange={() => {}}
        options={[
          { value: '', label: 'Any action' },
          { group: 'Leave', options: [{ value: 'leave.apply', label: 'Apply' }] },
          { group: 'Posts', options: [{ value: 'post.publish', label: 'Publish' }] },
        ]}
      />,
    );
    const leave = screen.getByRole('group', { name: 'Leave' });
    expect(within(leave).getByRole('option', { name: 'Apply' })).toHaveValue('leave.apply');
    expect(within(screen.getByRole('group', { name: 'Posts' })).getAllByRole('option')).toHaveLength(1);
  });
});

function KindForm({ onSave }: { onSave: (values: { kind: string }) => void }) {
  const { control, handleSubmit, setError } = useForm({ defaultValues: { kind: '' } });
  return (
    <form
      onSubmit={(event) =>
        void handleSubmit((values) => {
          if (values.kind === 'training') setError('kind', { message: 'No training this month.' });
          else onSave(values);
        })(event)
      }
    >
      <FormSelectField
        control={control}
        name="kind"
        label="Kind"
        helperText="What takes you away"
        options={[
          { value: '', label: '' },
          { value: 'training', label: 'Training' },
          { value: 'outstation', label: 'Outstation' },
        ]}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('FormSelectField', () => {
  it("keeps the form's value, and shows its error in place of the hint until it is put right", async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<KindForm onSave={onSave} />);
    const select = screen.getByRole('combobox', { name: 'Kind' });
    expect(screen.getByText('What takes you away')).toBeInTheDocument();

    await user.selectOptions(select, 'Training');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No training this month.')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('What takes you away')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(select, 'Outstation');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ kind: 'outstation' });
  });
});
