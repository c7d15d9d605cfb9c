import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DatePicker, type DatePickerFieldProps } from '@mui/x-date-pickers/DatePicker';
import { usePickerAdapter, usePickerContext, usePickerTranslations } from '@mui/x-date-pickers/hooks';
import { CalendarIcon } from '@mui/x-date-pickers/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, use, useMemo, useState } from 'react';
import type { FocusEvent, FocusEventHandler, ReactNode, Ref } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path, UseControllerProps } from 'react-hook-form';

/** How every date input shows and reads a date, in both languages: the organisation's, day first. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
/** Also read, so that "5/3/2026" is taken as typed; shown again as DD/MM/YYYY. */
const SHORT_INPUT_FORMAT = 'D/M/YYYY';

/**
 * The value of a field holding text that is not a date. Not '' (that is an empty field, which a
 * required field's own message covers) and not YYYY-MM-DD, so the shared schemas' date check
 * refuses it and the form shows its usual message under the field; the server refuses it alike.
 */
export const INVALID_DATE = 'invalid-date';

const ISO_FORMAT = 'YYYY-MM-DD';

/**
 * Text typed as a date, in the form the field reads (docs/product/qualities.md §5): the digits
 * alone (`16122026`: two for the day, two for the month, four for the year) and a day, month and
 * year separated by dashes, dots or spaces are written with slashes; anything else is left as typed.
 */
function withSlashes(text: string): string {
  const trimmed = text.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  const parts = /^(\d{1,2})\s*[/.\s-]\s*(\d{1,2})\s*[/.\s-]\s*(\d{4})$/.exec(trimmed);
  return parts ? `${parts[1]}/${parts[2]}/${parts[3]}` : trimmed;
}

export interface DateFieldProps {
  label: ReactNode;
  /** '' for no date, else YYYY-MM-DD (or INVALID_DATE, as this field reported it). */
  value: string;
  /** '' when cleared, YYYY-MM-DD once a whole date is typed or picked, else INVALID_DATE. */
  onChange: (value: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  /** The earliest and latest dates the calendar offers (YYYY-MM-DD); typing is not limited. */
  min?: string | undefined;
  max?: string | undefined;
  name?: string;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputRef?: Ref<HTMLInputElement>;
}

type InputProps = Pick<
  DateFieldProps,
  'label' | 'required' | 'error' | 'helperText' | 'size' | 'fullWidth' | 'name' | 'onBlur' | 'inputRef'
>;

/** The TextField props DateField passes to its input (the picker's field slot takes only its own). */
const InputPropsContext = createContext<InputProps>({ label: undefined });

const toDayjs = (value: string): Dayjs | null => (value === '' ? null : dayjs(value, ISO_FORMAT, true));

function toIso(value: Dayjs | null): string {
  if (value === null) return '';
  return value.isValid() ? value.format(ISO_FORMAT) : INVALID_DATE;
}

/** The key a value is compared by: the same date in a new object is no change. */
const keyOf = (value: Dayjs | null) =>
  value === null ? '' : value.isValid() ? value.format(ISO_FORMAT) : INVALID_DATE;

/**
 * The picker's field: one plain <input> labelled by its label, which takes the text as typed (so
 * tests, pasting and autofill work as on any text field) and reads it as DD/MM/YYYY (or the digits
 * alone, or with dashes, dots or spaces: withSlashes), with the
 * button that opens the calendar. MUI X 9's own field renders a section per part of the date
 * instead of an <input>, and no longer offers the plain input (decision record 0034).
 */
function TextDateField(props: DatePickerFieldProps) {
  // Only `id` and the validation props come here; the value and its state are the picker's.
  const { id } = props;
  const { label, required, error, helperText, size, fullWidth, name, onBlur, inputRef } = use(InputPropsContext);
  const adapter = usePickerAdapter();
  const {
    value: current,
    setValue,
    disabled,
    readOnly,
    triggerStatus,
    setOpen,
    rootRef,
    triggerRef,
  } = usePickerContext();
  const translations = usePickerTranslations();

  const parse = (text: string): Dayjs | null => {
    const trimmed = withSlashes(text);
    if (trimmed === '') return null;
    const day = adapter.parse(trimmed, DATE_INPUT_FORMAT);
    if (day?.isValid() === true) return day;
    return adapter.parse(trimmed, SHORT_INPUT_FORMAT);
  };

  // The text follows the value when it changes from outside (the calendar, a reset, another
  // field), and is left alone while it is what the user is typing.
  const [text, setText] = useState(() => (current?.isValid() === true ? current.format(DATE_INPUT_FORMAT) : ''));
  const [shownKey, setShownKey] = useState(() => keyOf(current));
  const key = keyOf(current);
  if (key !== shownKey) {
    setShownKey(key);
    if (current === null) setText('');
    else if (current.isValid() && keyOf(parse(text)) !== key) setText(current.format(DATE_INPUT_FORMAT));
  }

  const handleChange = (next: string) => {
    setText(next);
    const day = parse(next) ?? (next.trim() === '' ? null : dayjs(INVALID_DATE));
    setValue(day, { source: 'field', shouldClose: false });
  };

  const shown = current?.isValid() === true ? adapter.format(current, 'fullDate') : null;
  return (
    <TextField
      id={id}
      label={label}
      required={required}
      error={error}
      helperText={helperText}
      size={size}
      fullWidth={fullWidth}
      name={name}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // Once left, a date typed in another accepted form shows as the field reads it.
        if (current?.isValid() === true) setText(current.format(DATE_INPUT_FORMAT));
        onBlur?.(event);
      }}
      inputRef={inputRef}
      disabled={disabled}
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      placeholder={DATE_INPUT_FORMAT}
      ref={rootRef}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { readOnly: readOnly },
        input: {
          ref: triggerRef,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size={size}
                disabled={triggerStatus !== 'enabled'}
                aria-label={translations.openDatePickerDialogue(shown)}
                onClick={() => setOpen((open) => !open)}
              >
                <CalendarIcon fontSize={size === 'small' ? 'small' : 'medium'} />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A date input that shows and reads DD/MM/YYYY whatever the browser's language, with a calendar
 * to pick from, and speaks ISO strings to its form like a date TextField did. Needs the
 * LocalizationProvider of the signed-in app's providers (app/provider.tsx).
 */
export function DateField({ value, onChange, disabled, min, max, ...inputProps }: DateFieldProps) {
  const picked = useMemo(() => (value === INVALID_DATE ? dayjs(INVALID_DATE) : toDayjs(value)), [value]);
  const minDate = useMemo(() => (min === undefined || min === '' ? undefined : toDayjs(min)), [min]);
  const maxDate = useMemo(() => (max === undefined || max === '' ? undefined : toDayjs(max)), [max]);
  return (
    <InputPropsContext value={inputProps}>
      <DatePicker
        value={picked}
        onChange={(next) => {
          const iso = toIso(next);
          if (iso !== value) onChange(iso);
        }}
        format={DATE_INPUT_FORMAT}
        disabled={disabled}
        {...(minDate?.isValid() === true ? { minDate } : {})}
        {...(maxDate?.isValid() === true ? { maxDate } : {})}
        slots={{ field: TextDateField }}
      />
    </InputPropsContext>
  );
}

type FormDateFieldProps<V extends FieldValues, N extends Path<V>, Output> = Omit<
  DateFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  /** The form's control; its resolver may turn the values into another type (`Output`). */
  control: Control<V, unknown, Output>;
  name: N;
  /** Checks of this field alone, for a form without a resolver. */
  rules?: UseControllerProps<V, N, Output>['rules'];
};

/**
 * A react-hook-form field drawn as `DateField`: the field's value and events, and its error under
 * it in place of the helper text while there is one (like FormTextField, components/form-text-field.tsx).
 */
export function FormDateField<V extends FieldValues, N extends Path<V> = Path<V>, Output = V>({
  control,
  name,
  rules,
  helperText,
  ...props
}: FormDateFieldProps<V, N, Output>) {
  return (
    <Controller
      control={control}
      name={name}
      {...(rules === undefined ? {} : { rules })}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          disabled={props.disabled === true || field.disabled === true}
          name={field.name}
          value={field.value}
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
