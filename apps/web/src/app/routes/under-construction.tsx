import ConstructionIcon from '@mui/icons-material/Construction';
import { GoBackButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';
import { UNDER_CONSTRUCTION_MESSAGE, UNDER_CONSTRUCTION_TITLE } from '../../lib/messages';

export function UnderConstructionPage() {
  return (
    <StatusPage
      icon={<ConstructionIcon />}
      tone="warning"
      title={UNDER_CONSTRUCTION_TITLE}
      message={UNDER_CONSTRUCTION_MESSAGE}
      actions={<GoBackButton steps={1} />}
    />
  );
}
