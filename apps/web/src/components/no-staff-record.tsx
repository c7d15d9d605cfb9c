import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { isAppError } from '@staff-portal/shared/errors';
import { useTranslation } from 'react-i18next';
import { leaveNs } from '../locales/leave';

/** Whether a call was refused because the signed-in user has no staff leave record yet. */
export const isNoStaffRecord = (error: unknown): boolean => isAppError(error) && error.code === 'NO_STAFF_RECORD';

/**
 * What having no staff leave record means, who fixes it and what happens then: said once, in
 * place of what the leave page would show, in the user's language. Not an error: the api-client
 * leaves it out of the notification.
 */
export function NoStaffRecord() {
  const { t } = useTranslation(leaveNs);
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{t('noStaffRecord.title')}</AlertTitle>
      {t('noStaffRecord.body')}
    </Alert>
  );
}
