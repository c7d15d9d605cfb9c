import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { GoBackButton, GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';
import { UNAUTHORIZED_MESSAGE, UNAUTHORIZED_TITLE } from '../../lib/messages';

export function UnauthorizedPage() {
  return (
    <StatusPage
      icon={<LockOutlinedIcon />}
      tone="error"
      title={UNAUTHORIZED_TITLE}
      message={UNAUTHORIZED_MESSAGE}
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
