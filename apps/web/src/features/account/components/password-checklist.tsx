import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@staff-portal/shared/password-policy';
import { useTranslation } from 'react-i18next';
import type { PasswordChangeCheck } from '../password-change-check';
import { visuallyHidden } from './visually-hidden';
import { accountNs } from '../../../locales/account';

interface PasswordChecklistProps {
  id: string;
  items: PasswordChangeCheck['items'];
}

/**
 * Seed §2/§5: each requirement in green when met, red when not. An icon and hidden text say
 * the same, so the state does not rest on colour alone.
 */
export function PasswordChecklist({ id, items }: PasswordChecklistProps) {
  const { t } = useTranslation(accountNs);
  const titleId = `${id}-title`;
  return (
    <Box id={id}>
      <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {t('checklist.title')}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
        {items.map(({ item, met }) => (
          <Box
            component="li"
            key={item}
            data-met={met}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1,
              // The dark shades keep small text above 4.5:1 on white.
              color: met ? 'success.dark' : 'error.dark',
            }}
          >
            {met ? (
              <CheckCircle fontSize="small" aria-hidden sx={{ mt: '1px' }} />
            ) : (
              <Cancel fontSize="small" aria-hidden sx={{ mt: '1px' }} />
            )}
            <Typography variant="body2" component="span">
              {item === 'minLength' ? t('checklist.minLength', { min: PASSWORD_MIN_LENGTH }) : t(`checklist.${item}`)}
              <Box component="span" sx={visuallyHidden}>
                {` (${met ? t('checklist.met') : t('checklist.unmet')})`}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
