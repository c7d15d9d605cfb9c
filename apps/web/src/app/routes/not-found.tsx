import SearchOffIcon from '@mui/icons-material/SearchOff';
import { GoBackButton, GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';
import { NOT_FOUND_MESSAGE, NOT_FOUND_TITLE } from '../../lib/messages';

export function NotFoundPage() {
  return (
    <StatusPage
      icon={<SearchOffIcon />}
      title={NOT_FOUND_TITLE}
      message={NOT_FOUND_MESSAGE}
      actions={
        <>
          <GoBackButton steps={1} />
          <GoHomeButton />
        </>
      }
    />
  );
}
