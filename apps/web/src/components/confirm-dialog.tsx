import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words the admin can weigh before confirming; none when the title asks it all. */
  body?: string;
  confirmLabel: string;
  cancelLabel: string;
  confirmColour?: 'primary' | 'error';
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action is taken; the action is the dialog's own button, named for what it does. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, body, confirmLabel, cancelLabel, confirmColour = 'primary', busy, onConfirm, onClose } = props;
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={body === undefined ? undefined : bodyId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {body !== undefined && (
        <DialogContent>
          <DialogContentText id={bodyId}>{body}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={confirmColour}
          disabled={busy}
          onClick={onConfirm}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
