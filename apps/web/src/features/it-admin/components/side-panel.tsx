import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A panel over the list: a drawer on the right, or a full-screen dialog on a phone. Both trap the
 * focus, close with Escape and are named by their heading.
 */
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
  const { t } = useTranslation('itAdmin');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
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
  if (phone) {
    return (
      <Dialog open={open} onClose={onClose} fullScreen aria-labelledby={headingId}>
        {body}
      </Dialog>
    );
  }
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': headingId,
          sx: { width: { sm: 560, md: 680 }, maxWidth: '100%' },
        },
      }}
    >
      {body}
    </Drawer>
  );
}
