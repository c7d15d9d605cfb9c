import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel as SidePanelFrame } from '../../../components/side-panel';
import { itAdminNs } from '../../../locales/it-admin';

/** The shared side panel (components/side-panel.tsx) with a heading and a close button. */
export function SidePanel({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(itAdminNs);
  const headingId = useId();
  const body = (
    <Stack spacing={2.5} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        <IconButton aria-label={t('close')} title={t('close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      {children}
    </Stack>
  );
  return (
    <SidePanelFrame open={open} onClose={onClose} labelledBy={headingId} width={{ sm: 560, md: 680 }}>
      {body}
    </SidePanelFrame>
  );
}
