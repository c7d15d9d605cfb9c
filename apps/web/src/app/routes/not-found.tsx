import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { GoBackButton, GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      title={t('notFound.title')}
      message={t('notFound.message')}
      actions={
        <>
          <GoBackButton steps={1} />
          <GoHomeButton />
        </>
      }
    />
  );
}
