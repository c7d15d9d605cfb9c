import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT } from '../attachment-rules';
import { leaveNs } from '../../../locales/leave';

interface AttachmentPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  required: boolean;
  error: string | null;
  disabled?: boolean;
}

/**
 * One file, PDF/JPEG/PNG up to 5 MB; the parent checks it and passes the error back. The
 * browser's own file control: keyboard, screen readers and phone pickers all know it.
 */
export function AttachmentPicker({ file, onChange, required, error, disabled = false }: AttachmentPickerProps) {
  const { t } = useTranslation(leaveNs);
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The form clears the file after a submit; the browser's control must forget it too.
  useEffect(() => {
    if (file === null && input.current !== null) input.current.value = '';
  }, [file]);
  return (
    <Stack spacing={0.5}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ fontWeight: 600 }}>
        {t('apply.attachment')}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          component="input"
          ref={input}
          id={inputId}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          disabled={disabled}
          aria-describedby={helpId}
          aria-invalid={error !== null}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.files?.[0] ?? null)}
          sx={{ font: 'inherit', fontSize: '0.875rem', maxWidth: '100%', minWidth: 0 }}
        />
        {file !== null && (
          <IconButton
            size="small"
            aria-label={t('apply.removeFile', { name: file.name })}
            onClick={() => {
              onChange(null);
              if (input.current !== null) input.current.value = '';
            }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <FormHelperText id={helpId} error={error !== null} sx={{ mx: 0 }}>
        {error ?? (required ? t('apply.attachmentNeeded') : t('apply.attachmentHint'))}
      </FormHelperText>
    </Stack>
  );
}
