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

interface ListedFile {
  key: string;
  name: string;
  size: number;
  /** Downloads a saved file, to check it; a file not sent yet has nothing to download. */
  download?: () => void;
}

interface AttachmentsPickerProps {
  files: readonly ListedFile[];
  /** Checked files to add (the picker has checked their type, size and count). */
  onAdd: (files: File[]) => void;
  onRemove: (file: ListedFile) => void;
  busy: boolean;
  uploading: boolean;
  /** A refusal from the server, shown as the picker shows its own. */
  problem: string | null;
  setProblem: (problem: string | null) => void;
  /** What happens to the files chosen, under the list. */
  note?: string;
}

/**
 * The files of a post and the button to add more: chosen files are checked here by type, size
 * and count, with a message naming the file (the server checks their content again).
 */
function AttachmentsPicker({
  files,
  onAdd,
  onRemove,
  busy,
  uploading,
  problem,
  setProblem,
  note,
}: AttachmentsPickerProps) {
  const { t } = useTranslation(postsNs);
  const inputId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);

  const wording = (found: AttachmentProblem) =>
    found.problem === 'tooMany'
      ? t('attachments.tooMany', { count: MAX_POST_ATTACHMENTS, room: found.room })
      : t(`attachments.${found.problem}`, { name: found.name, mb: POST_ATTACHMENT_MB });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const found = attachmentProblem(chosen, files.length);
    if (found !== null) {
      setProblem(wording(found));
      return;
    }
    setProblem(null);
    onAdd(chosen);
  };

  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="h6">
        {t('attachments.title')}
      </Typography>
      {note !== undefined && (
        <Typography color="text.secondary" variant="body2">
          {note}
        </Typography>
      )}
      {files.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('attachments.none')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t('attachments.list')} spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {files.map((file) => (
            <Stack component="li" key={file.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {file.download === undefined ? (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
              ) : (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={file.download}
                  sx={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                >
                  {file.name}
                </Link>
              )}
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {t('attachments.size', { size: Math.max(1, Math.round(file.size / 1024)) })}
              </Typography>
              <IconButton
                size="small"
                disabled={busy}
                aria-label={t('attachments.remove', { name: file.name })}
                onClick={() => onRemove(file)}
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
          disabled={busy || files.length >= MAX_POST_ATTACHMENTS}
          onChange={choose}
        />
        <Button
          variant="outlined"
          startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <UploadFileOutlinedIcon />}
          disabled={busy || files.length >= MAX_POST_ATTACHMENTS}
          onClick={() => input.current?.click()}
        >
          {uploading ? t('attachments.uploading') : t('attachments.choose')}
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

/**
 * A saved post's files (docs/product/screens.md §13, decision record 0048), uploaded as soon as
 * they are chosen; each can be downloaded to check it, or removed.
 */
export function AttachmentsSection({ post }: { post: AdminPost }) {
  const { t } = useTranslation(postsNs);
  const { notify } = useNotification();
  const add = useAddAttachments(post.id);
  const remove = useRemoveAttachment(post.id);
  const download = useDownloadFile('leave');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <AttachmentsPicker
      files={post.attachments.map((file) => ({
        key: file.id,
        name: file.fileName,
        size: file.size,
        download: () => void download(`/posts/${post.id}/attachments/${file.id}`, file.fileName).catch(() => undefined),
      }))}
      onAdd={(files) =>
        add.mutate(files, {
          onSuccess: () => notify({ message: t('attachments.uploaded', { count: files.length }) }),
          onError: (error) => setProblem(isAppError(error) ? errorText(error) : null),
        })
      }
      onRemove={(file) =>
        remove.mutate(file.key, { onSuccess: () => notify({ message: t('attachments.removed', { name: file.name }) }) })
      }
      busy={add.isPending || remove.isPending}
      uploading={add.isPending}
      problem={problem}
      setProblem={setProblem}
    />
  );
}

/**
 * The files chosen for a post not created yet: kept here and sent with the post when it is
 * created, in the same request, so a post published at once is mailed with its files already
 * there (docs/product/screens.md §13; decision record 0079). A refusal of the create that names
 * `attachments` is shown here.
 */
export function ChosenAttachments({
  files,
  onChange,
  busy,
  problem,
  setProblem,
}: {
  files: readonly File[];
  onChange: (files: File[]) => void;
  busy: boolean;
  problem: string | null;
  setProblem: (problem: string | null) => void;
}) {
  const { t } = useTranslation(postsNs);
  // Keys by position: the list only grows at its end or loses one entry.
  const listed = files.map((file, index) => ({ key: String(index), name: file.name, size: file.size }));
  return (
    <AttachmentsPicker
      files={listed}
      onAdd={(added) => onChange([...files, ...added])}
      onRemove={(file) => {
        setProblem(null);
        onChange(files.filter((_, index) => String(index) !== file.key));
      }}
      busy={busy}
      uploading={false}
      problem={problem}
      setProblem={setProblem}
      note={t('attachments.withPost')}
    />
  );
}
