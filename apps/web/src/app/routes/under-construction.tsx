import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import { GoBackButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';

export function UnderConstructionPage() {
  const { t } = useTranslation('shell');
  return (
    <StatusPage
      icon={<ConstructionIcon />}
      tone="warning"
      title={t('underConstruction.title')}
      message={t('underConstruction.message')}
      actions={<GoBackButton steps={1} />}
    />
  );
}
