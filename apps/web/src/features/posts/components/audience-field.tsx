import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { EVERYONE } from '@staff-portal/shared/posts-rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { postsNs } from '../../../locales/posts';
import type { PostFormValues } from '../post-form';

interface AudienceFieldProps {
  value: PostFormValues['audience'];
  onChange: (value: PostFormValues['audience']) => void;
  /** The departments an audience may name (postDepartments: the fixed ones and the organisation's). */
  departments: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * Whom a post is for (docs/product/screens.md §13, decision record 0048): everyone, or chosen
 * departments. A department the post names that this organisation no longer has still shows, so
 * it can be taken off.
 */
export function AudienceField({ value, onChange, departments, error, disabled = false }: AudienceFieldProps) {
  const { t } = useTranslation(postsNs);
  const labelId = useId();
  const departmentsId = useId();
  const chosen = value === EVERYONE ? [] : value;
  const shown = [...departments, ...chosen.filter((name) => !departments.includes(name))];
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled}>
      <FormLabel component="legend" id={labelId}>
        {t('form.audience')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value === EVERYONE ? 'everyone' : 'departments'}
        onChange={(event) => onChange(event.target.value === 'everyone' ? EVERYONE : [])}
        sx={{ flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <FormControlLabel value="everyone" control={<Radio />} label={t('form.audienceEveryone')} />
        <FormControlLabel value="departments" control={<Radio />} label={t('form.audienceDepartments')} />
      </RadioGroup>
      {value !== EVERYONE && (
        <FormGroup
          role="group"
          aria-labelledby={departmentsId}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
            pl: 1,
          }}
        >
          <FormLabel id={departmentsId} sx={{ gridColumn: '1 / -1', fontSize: '0.875rem', mt: 0.5 }}>
            {t('form.departments')}
          </FormLabel>
          {shown.map((name) => (
            <FormControlLabel
              key={name}
              label={name}
              control={
                <Checkbox
                  size="small"
                  checked={chosen.includes(name)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? shown.filter((other) => other === name || chosen.includes(other))
                        : chosen.filter((other) => other !== name),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      )}
      {error !== undefined && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
