import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';

interface RemarksDialogProps {
  open: boolean;
  title: string;
  body: string;
  remarksLabel: string;
  remarksHint?: string;
  /** Remarks are required (a rejection's reason): the error shown under the field while they are empty. */
  remarksRequired?: string;
  confirmLabel: string;
  backLabel: string;
  confirmColour?: 'primary' | 'error';
  busy: boolean;
  onConfirm: (remarks: string) => void;
  onClose: () => void;
}

/** A confirmation with remarks, optional or required: cancelling a request, approving or rejecting one. */
export function RemarksDialog(props: RemarksDialogProps) {
  const { open, title, body, remarksLabel, remarksHint, remarksRequired, confirmLabel, backLabel } = props;
  const { confirmColour = 'primary', busy, onConfirm, onClose } = props;
  const [remarks, setRemarks] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (remarksRequired !== undefined && remarks.trim() === '') {
      setMissing(true);
      return;
    }
    onConfirm(remarks.trim());
  };
  const titleId = useId();
  const bodyId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      slotProps={{
        transition: {
          onExited: () => {
            setRemarks('');
            setMissing(false);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {body}
        </DialogContentText>
        <TextField
          label={remarksLabel}
          required={remarksRequired !== undefined}
          error={missing}
          helperText={missing ? remarksRequired : remarksHint}
          value={remarks}
          onChange={(event) => {
            setRemarks(event.target.value);
            if (event.target.value.trim() !== '') setMissing(false);
          }}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {backLabel}
        </Button>
        <Button
          variant="contained"
          color={confirmColour}
          disabled={busy}
          onClick={confirm}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
