import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

type FormTextFieldProps<V extends FieldValues, Output> = Omit<
  TextFieldProps,
  'name' | 'error' | 'value' | 'onChange'
> & {
  /** The form's control; its resolver may turn the values into another type (`Output`). */
  control: Control<V, unknown, Output>;
  name: Path<V>;
};

/**
 * A react-hook-form field drawn as MUI's TextField (a text or a multi-line text): the field's value
 * and events, and its error under it in place of the helper text while there is one. Dates are
 * `DateField` (components/date-field.tsx), choices `FormSelectField` (components/select-field.tsx).
 */
export function FormTextField<V extends FieldValues, Output = V>({
  control,
  name,
  helperText,
  ...props
}: FormTextFieldProps<V, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
