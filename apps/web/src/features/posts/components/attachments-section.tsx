import CloseIcon from '@mui/icons-material/Close';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { MAX_POST_ATTACHMENTS, POST_ATTACHMENT_MB } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { useDownloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { postsNs } from '../../../locales/posts';
import { useAddAttachments } from '../api/add-attachments';
import { useRemoveAttachment } from '../api/remove-attachment';
import { ATTACHMENT_ACCEPT, attachmentProblem } from '../attachment-check';
import type { AttachmentProblem } from '../attachment-check';

/**
 * A saved post's files (docs/product/screens.md §13, decision record 0048): chosen files are
 * checked here by type, size and count, with a message naming the file, then uploaded at once;
 * each can be downloaded to check it, or removed.
 */
export function AttachmentsSection({ post }: { post: AdminPost }) {
  const { t } = useTranslation(postsNs);
  const { notify } = useNotification();
  const add = useAddAttachments(post.id);
  const remove = useRemoveAttachment(post.id);
  const download = useDownloadFile('leave');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const busy = add.isPending || remove.isPending;

  const wording = (found: AttachmentProblem) =>
    found.problem === 'tooMany'
      ? t('attachments.tooMany', { count: MAX_POST_ATTACHMENTS, room: found.room })
      : t(`attachments.${found.problem}`, { name: found.name, mb: POST_ATTACHMENT_MB });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const found = attachmentProblem(files, post.attachments.length);
    if (found !== null) {
      setProblem(wording(found));
      return;
    }
    setProblem(null);
    add.mutate(files, {
      onSuccess: () => notify({ message: t('attachments.uploaded', { count: files.length }) }),
      onError: (error) => setProblem(isAppError(error) ? errorText(error) : null),
    });
  };

  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="h6">
        {t('attachments.title')}
      </Typography>
      {post.attachments.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('attachments.none')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t('attachments.list')} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {post.attachments.map((file) => (
            <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Link
                component="button"
                type="button"
                variant="body2"
                onClick={() =>
                  void download(`/posts/${post.id}/attachments/${file.id}`, file.fileName).catch(() => undefined)
                }
                sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {file.fileName}
              </Link>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t('attachments.size', { size: Math.max(1, Math.round(file.size / 1024)) })}
              </Typography>
              <IconButton
                size="small"
                disabled={busy}
                aria-label={t('attachments.remove', { name: file.fileName })}
                onClick={() =>
                  remove.mutate(file.id, {
                    onSuccess: () => notify({ message: t('attachments.removed', { name: file.fileName }) }),
                  })
                }
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
      <Box>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          hidden
          aria-label={t('attachments.choose')}
          aria-describedby={helpId}
          disabled={busy || post.attachments.length >= MAX_POST_ATTACHMENTS}
          onChange={choose}
        />
        <Button
          variant="outlined"
          startIcon={add.isPending ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlinedIcon />}
          disabled={busy || post.attachments.length >= MAX_POST_ATTACHMENTS}
          onClick={() => input.current?.click()}
        >
          {add.isPending ? t('attachments.uploading') : t('attachments.choose')}
        </Button>
      </Box>
      {problem !== null && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {t('attachments.hint', { mb: POST_ATTACHMENT_MB, count: MAX_POST_ATTACHMENTS })}
      </FormHelperText>
    </Stack>
  );
}
