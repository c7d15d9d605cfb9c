import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';

/** One choice of a select: what it stands for and what it reads. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

/** Choices shown under a heading of their own (an `<optgroup>`). */
export interface SelectOptionGroup<V extends string = string> {
  group: string;
  options: readonly SelectOption<V>[];
}

export type SelectChoices<V extends string = string> = readonly (SelectOption<V> | SelectOptionGroup<V>)[];

type DrawnProps = Omit<TextFieldProps, 'select' | 'value' | 'defaultValue' | 'onChange' | 'children' | 'slotProps'>;

export type SelectFieldProps<V extends string> = DrawnProps & {
  value: V;
  /** Called with the chosen option's value. */
  onChange: (value: V) => void;
  /** In order; "any" or "none" is an option like the others, usually the first, with value ''. */
  options: SelectChoices<V>;
};

function optionsOf<V extends string>(choices: SelectChoices<V>) {
  return choices.map((choice) =>
    'group' in choice ? (
      <optgroup key={`group:${choice.group}`} label={choice.group}>
        {optionsOf(choice.options)}
      </optgroup>
    ) : (
      <option key={choice.value} value={choice.value} disabled={choice.disabled}>
        {choice.label}
      </option>
    ),
  );
}

/**
 * The portal's select: MUI's TextField over the browser's own select (`native`), whose list of
 * choices phones and screen readers draw themselves, with its label always above the value so an
 * empty choice ("All") never hides under it. Filters and forms alike (CONTRIBUTING.md §3.3);
 * a react-hook-form field is `FormSelectField` below.
 */
export function SelectField<V extends string>({ options, onChange, ...props }: SelectFieldProps<V>) {
  return (
    <TextField
      {...props}
      // eslint-disable-next-line no-restricted-syntax -- the one place a select is drawn
      select
      // A native select offers only its options' values.
      onChange={(event) => onChange(event.target.value as V)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {optionsOf(options)}
    </TextField>
  );
}

type FormSelectFieldProps<V extends FieldValues, Output> = Omit<
  SelectFieldProps<string>,
  'name' | 'error' | 'value' | 'onChange' | 'onBlur' | 'inputRef'
> & {
  /** The form's control; its resolver may turn the values into another type (`Output`). */
  control: Control<V, unknown, Output>;
  name: Path<V>;
};

/**
 * A react-hook-form field drawn as `SelectField`: the field's value and events, and its error
 * under it in place of the helper text while there is one (as `FormTextField`).
 */
export function FormSelectField<V extends FieldValues, Output = V>({
  control,
  name,
  helperText,
  ...props
}: FormSelectFieldProps<V, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
