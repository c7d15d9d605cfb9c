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

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the dialog has gone: the form is reset for the next time. */
  onExited?: () => void;
  title: string;
  /** What the form is for, read with the title; a form whose title says it all has none. */
  intro?: string;
  pending: boolean;
  submitLabel: string;
  /** The submit button's text while the request runs; by default its own, beside a spinner. */
  pendingLabel?: string;
  /** The button that dismisses the dialog, where Cancel would mislead ("Keep the request"). */
  cancelLabel?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /**
   * The form cannot be sent as it stands: it would change nothing, or a field shows what is
   * wrong. Its button waits.
   */
  submitDisabled?: boolean;
  /** 'error' when sending undoes something (unlinking a record). */
  submitColour?: 'primary' | 'error';
  /** 'md' for a form laid out in two columns, 'xs' for one of a few short fields. */
  maxWidth?: 'xs' | 'sm' | 'md';
  /** False for a form of a few short fields, which stays a card on a phone. */
  fullScreenOnPhone?: boolean;
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
  pendingLabel = submitLabel,
  cancelLabel,
  onSubmit,
  submitDisabled = false,
  submitColour = 'primary',
  maxWidth = 'sm',
  fullScreenOnPhone = true,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const introId = useId();
  const close = () => {
    if (!pending) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreenOnPhone && phone}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      aria-describedby={intro === undefined ? undefined : introId}
      slotProps={onExited === undefined ? {} : { transition: { onExited } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro !== undefined && (
            <DialogContentText id={introId} sx={{ mb: 2 }}>
              {intro}
            </DialogContentText>
          )}
          {/* Without an intro, room above the first field for its label, which sits on its border. */}
          <Stack spacing={2.5} sx={intro === undefined ? { pt: 1 } : undefined}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColour}
            disabled={pending || submitDisabled}
            startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
