import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { GoBackButton, GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';

export function UnauthorizedPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage
      icon={<LockOutlinedIcon />}
      tone="error"
      title={t('unauthorized.title')}
      message={t('unauthorized.message')}
      actions={
        <>
          {/* Two steps: a guard pushes /unauthorized on top of the page that was refused, and
              going back one step would only land on that refused page and its guard again. */}
          <GoBackButton steps={2} />
          <GoHomeButton />
        </>
      }
    />
  );
}
