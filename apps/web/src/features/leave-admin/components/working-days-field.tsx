import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller } from 'react-hook-form';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { leaveAdminNs } from '../../../locales/leave-admin';

/** Bits 0–6: MON–SUN (docs/product/leave.md). */
const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * A staff record's working days as a row of checkboxes over its bit mask, in a react-hook-form
 * form. With no day ticked it says so at once: a record with no working day can take no leave.
 */
export function WorkingDaysField<V extends FieldValues, Output>({
  control,
  name,
}: {
  control: Control<V, unknown, Output>;
  name: Path<V>;
}) {
  const { t } = useTranslation(leaveAdminNs);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const mask = field.value as number;
        const problem = mask === 0 ? t('user.atLeastOneDay') : fieldState.error?.message;
        return (
          <FormControl component="fieldset" error={problem !== undefined}>
            <FormLabel component="legend">{t('user.workingDays')}</FormLabel>
            <FormGroup row>
              {WEEK.map((bit) => (
                <FormControlLabel
                  key={bit}
                  control={
                    <Checkbox
                      checked={(mask & (1 << bit)) !== 0}
                      onChange={(event) =>
                        field.onChange(event.target.checked ? mask | (1 << bit) : mask & ~(1 << bit))
                      }
                    />
                  }
                  label={t(`user.days.d${bit}`)}
                />
              ))}
            </FormGroup>
            {problem !== undefined && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
