import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from './form-dialog';

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

/**
 * A confirmation with remarks, optional or required: cancelling a request, approving or rejecting
 * one. A FormDialog: Enter in the remarks writes a new line, the button sends them.
 */
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
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        setRemarks('');
        setMissing(false);
      }}
      title={title}
      intro={body}
      pending={busy}
      submitLabel={confirmLabel}
      cancelLabel={backLabel}
      submitColour={confirmColour}
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
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
    </FormDialog>
  );
}
