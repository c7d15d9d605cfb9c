import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

/**
 * A yes-or-no field of a react-hook-form form drawn as a labelled checkbox (like FormTextField,
 * components/form-text-field.tsx, for a boolean).
 */
export function FormCheckbox<V extends FieldValues, Output = V>({
  control,
  name,
  label,
}: {
  control: Control<V, unknown, Output>;
  name: Path<V>;
  label: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
