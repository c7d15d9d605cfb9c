import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import type { Control, RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PasswordChangeValues } from '../password-change-check';
import { accountNs } from '../../../locales/account';

interface PasswordFieldProps {
  control: Control<PasswordChangeValues>;
  name: keyof PasswordChangeValues;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  rules?: RegisterOptions<PasswordChangeValues, keyof PasswordChangeValues>;
  /** A message of the form as a whole that concerns this field (docs/product/specification.md §5: same as old). */
  problem?: string | undefined;
  autoFocus?: boolean;
}

/** A required password input with a show/hide toggle. */
export function PasswordField({ control, name, label, autoComplete, rules, problem, autoFocus }: PasswordFieldProps) {
  const { t } = useTranslation(accountNs);
  const [shown, setShown] = useState(false);
  const { field, fieldState } = useController({ control, name, ...(rules === undefined ? {} : { rules }) });
  // The ref goes to the input (for focus on a failed submit), not to the field's root.
  const { ref, ...inputProps } = field;
  const toggleLabel = shown ? t('changePassword.hide', { field: label }) : t('changePassword.show', { field: label });
  return (
    <TextField
      {...inputProps}
      inputRef={ref}
      type={shown ? 'text' : 'password'}
      label={label}
      required
      fullWidth
      autoComplete={autoComplete}
      autoFocus={autoFocus ?? false}
      error={fieldState.error !== undefined || problem !== undefined}
      helperText={fieldState.error?.message ?? problem}
      slotProps={{
        htmlInput: {
          // Passwords are never trimmed or corrected (docs/product/specification.md §5).
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                aria-pressed={shown}
                edge="end"
                onClick={() => {
                  setShown((value) => !value);
                }}
                // Keeps the caret in the field when the toggle is clicked.
                onMouseDown={(event) => {
                  event.preventDefault();
                }}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
