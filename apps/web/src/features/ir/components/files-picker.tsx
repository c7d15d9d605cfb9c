import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_ACTION_ATTACHMENTS } from '@staff-portal/shared/ir';
import { useEffect, useId, useRef } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { irNs } from '../../../locales/ir';

/** docs/product/files-mail-logs.md §1: PDF, JPEG or PNG, at most 5 MB each. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
const TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * What is wrong with the chosen files, worded for the user, or null. The browser's type (or the
 * extension when it gives none) is all there is here; the server checks the content itself.
 */
export function useFilesProblem(): (files: readonly File[]) => string | null {
  const { t } = useTranslation(irNs);
  return (files) => {
    if (files.length > MAX_ACTION_ATTACHMENTS) return t('case.addAction.tooMany', { count: MAX_ACTION_ATTACHMENTS });
    for (const file of files) {
      const typed = TYPES.includes(file.type) || (file.type === '' && /\.(pdf|jpe?g|png)$/i.test(file.name));
      if (!typed) return t('case.addAction.wrongType', { name: file.name });
      if (file.size > MAX_ATTACHMENT_BYTES) return t('case.addAction.tooBig', { name: file.name });
    }
    return null;
  };
}

/**
 * Up to five files for an action, with the browser's own file control (keyboard, screen readers
 * and phone pickers all know it). Choosing adds to the files already chosen; each can be removed.
 */
export function FilesPicker({
  files,
  onChange,
  error,
  disabled = false,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  error: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation(irNs);
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (files.length === 0 && input.current !== null) input.current.value = '';
  }, [files]);
  return (
    <Stack spacing={0.5}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ fontWeight: 600 }}>
        {t('case.addAction.files')}
      </Typography>
      <Box
        component="input"
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={disabled}
        aria-describedby={helpId}
        aria-invalid={error !== null}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange([...files, ...Array.from(event.target.files ?? [])]);
          event.target.value = '';
        }}
        sx={{ font: 'inherit', fontSize: '0.875rem', maxWidth: '100%', minWidth: 0 }}
      />
      {files.length > 0 && (
        <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {files.map((file, index) => (
            <Stack
              component="li"
              key={`${file.name}-${index}`}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Typography>
              <IconButton
                size="small"
                disabled={disabled}
                aria-label={t('case.addAction.remove', { name: file.name })}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
      <FormHelperText id={helpId} error={error !== null} sx={{ mx: 0 }}>
        {error ?? t('case.addAction.filesHint', { count: MAX_ACTION_ATTACHMENTS })}
      </FormHelperText>
    </Stack>
  );
}
