import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n';

/** Each language is named in itself, so a reader of either finds their own. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ms: 'Bahasa Malaysia' };

interface LanguageSwitchProps {
  /** Id of the visible label of the switch. */
  labelledBy: string;
  describedBy?: string;
}

/** English / Bahasa Malaysia (PRODUCT.md §5a): switches every screen at once and is remembered. */
export function LanguageSwitch({ labelledBy, describedBy }: LanguageSwitchProps) {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={current}
      aria-labelledby={labelledBy}
      {...(describedBy === undefined ? {} : { 'aria-describedby': describedBy })}
      onChange={(_event, value: unknown) => {
        // Clicking the chosen language again gives null: keep the choice.
        if (isLanguage(value)) void changeLanguage(value);
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((language) => (
        <ToggleButton key={language} value={language} lang={language} sx={{ px: 2 }}>
          {LANGUAGE_NAMES[language]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
