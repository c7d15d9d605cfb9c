import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { irNs } from '../../../locales/ir';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has gone: the form is reset for the next time. */
  onExited?: () => void;
  title: string;
  intro: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form would change nothing as it stands: its button waits (a field says why). */
  unchanged?: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one form: labelled by its title and described by its intro, full screen on a
 * phone. MUI keeps the focus inside while it is open and gives it back to the button that opened
 * it; it cannot be dismissed while its request is under way.
 */
export function FormDialog({
  open,
  onClose,
  onExited,
  title,
  intro,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
  unchanged = false,
  children,
}: FormDialogProps) {
  const { t } = useTranslation(irNs);
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const introId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={onExited === undefined ? {} : { transition: { onExited } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
          <Stack spacing={2.5}>{children}</Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending || unchanged}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
