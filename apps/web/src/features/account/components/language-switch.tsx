import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { changeLanguage, isLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/i18n';
import { useSaveMyLanguage } from '../api/save-my-language';
import { amplifyUpdateUserAttributes } from '../user-attributes';
import type { UpdateUserAttributes } from '../user-attributes';
import { accountNs } from '../../../locales/account';

/** Each language is named in itself, so a reader of either finds their own. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ms: 'Bahasa Malaysia' };

interface LanguageSwitchProps {
  /** Id of the visible label of the switch. */
  labelledBy: string;
  describedBy?: string;
  updateUserAttributes?: UpdateUserAttributes;
}

/**
 * English / Bahasa Malaysia (docs/product/screens.md: Profile): switches every screen at once and
 * is remembered on this device, and on the account, for the messages sent to it (decision record
 * 0032): the identity account's `locale` attribute, which the identity service's codes and
 * invitations follow, and the portal's own record, which its e-mail follows.
 */
export function LanguageSwitch({
  labelledBy,
  describedBy,
  updateUserAttributes = amplifyUpdateUserAttributes,
}: LanguageSwitchProps) {
  const { i18n } = useTranslation(accountNs);
  const { notify } = useNotification();
  const saveMyLanguage = useSaveMyLanguage();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = async (language: Language) => {
    await changeLanguage(language);
    try {
      await Promise.all([
        updateUserAttributes({ userAttributes: { locale: language } }),
        saveMyLanguage.mutateAsync(language),
      ]);
    } catch {
      // The screens have switched; only the messages sent later would still come in the old
      // language. Said in the new one (this render's `t` still speaks the old).
      notify({ message: i18n.t('profile.languageError', { ns: accountNs }), severity: 'error' });
    }
  };
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
        if (isLanguage(value)) void choose(value);
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
