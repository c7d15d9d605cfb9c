import AttachFileOutlinedIcon from '@mui/icons-material/AttachFileOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import { passesGuards } from '@staff-portal/shared/groups';
import type { PostAttachment, ReaderPost } from '@staff-portal/shared/posts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { homeNs } from '../../../locales/home';
import { isImage, useDownloadPostAttachment, usePostImages } from '../api/get-post-attachment';
import { isPostId, useReaderPost } from '../api/get-reader-post';
import { postsKeys } from '../api/posts-keys';
import { POST_PARAM } from '../../../lib/post-link';
import { editPath } from '../paths';
import { MarkdownView } from './markdown-view';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';

/**
 * Object URLs for the blobs, revoked once no longer shown. The revocation waits a tick and is
 * called off when the same URLs are shown again at once, as StrictMode's second mount does.
 */
function useObjectUrls(blobs: Map<string, Blob>): Map<string, string> {
  const urls = useMemo(
    () => new Map([...blobs].map(([id, blob]) => [id, URL.createObjectURL(blob)] as const)),
    [blobs],
  );
  const pending = useRef<{ urls: Map<string, string>; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    if (pending.current?.urls === urls) clearTimeout(pending.current.timer);
    return () => {
      pending.current = { urls, timer: setTimeout(() => urls.forEach((url) => URL.revokeObjectURL(url)), 0) };
    };
  }, [urls]);
  return urls;
}

/** A Markdown image's address as a file name: `my%20chart.png` names `my chart.png`. */
function fileNameOf(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}

/** The post itself: when and by whom, its body, its images inline and its other files to download. */
function PostContent({ post }: { post: ReaderPost }) {
  const { t, i18n } = useTranslation([homeNs, 'common']);
  const config = useRuntimeConfig();
  const images = useMemo(() => post.attachments.filter(isImage), [post.attachments]);
  const files = post.attachments.filter((attachment) => !isImage(attachment));
  const urls = useObjectUrls(usePostImages(post.id, images));
  // A failed download is told in the notification, as every failed write is (lib/query-client.ts).
  const download = useDownloadPostAttachment(post.id);

  // An image the body names by its file name (`![chart](chart.png)`) shows there; the others
  // below it. Any other address shows its alternative text: pictures come from the post only.
  const byName = new Map(images.map((image) => [image.fileName, image]));
  const named = new Set<string>();
  for (const match of post.body.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)) {
    const image = byName.get(fileNameOf(match[1] ?? ''));
    if (image !== undefined) named.add(image.id);
  }
  const imageSrc = (src: string) => {
    const image = byName.get(fileNameOf(src));
    return image === undefined ? undefined : urls.get(image.id);
  };
  const published = formatDateTime(post.publishAt, {
    timeZone: config.organisation.timeZone,
    locale: i18n.resolvedLanguage ?? 'en',
    invalidText: t('common:invalidDate'),
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('post.published', { date: published, author: post.authorName })}
        </Typography>
        {post.pinned && (
          <Chip size="small" variant="outlined" icon={<PushPinOutlinedIcon />} label={t('posts.pinned')} />
        )}
      </Stack>
      <MarkdownView markdown={post.body} imageSrc={imageSrc} />
      {images
        .filter((image) => !named.has(image.id))
        .map((image) => {
          const url = urls.get(image.id);
          return url === undefined ? (
            <Skeleton
              key={image.id}
              variant="rectangular"
              height={160}
              role="img"
              aria-label={t('post.imageLoading', { name: image.fileName })}
            />
          ) : (
            <Box
              key={image.id}
              component="img"
              src={url}
              alt={image.fileName}
              sx={{ maxWidth: '100%', height: 'auto', borderRadius: 1, alignSelf: 'flex-start' }}
            />
          );
        })}
      {files.length > 0 && (
        <Box component="section" aria-label={t('post.attachments')}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('post.attachments')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {files.map((file: PostAttachment) => (
              <Button
                key={file.id}
                variant="outlined"
                size="small"
                startIcon={<AttachFileOutlinedIcon />}
                aria-label={t('post.download', { name: file.fileName })}
                onClick={() => download.mutate(file)}
                sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {file.fileName}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}

export interface PostReaderDialogProps {
  /**
   * Called once a post has been opened (the server recorded the reader's first view), so the
   * page can drop its unread mark.
   */
  onRead?: (post: ReaderPost) => void;
}

/**
 * A post read in full (docs/product/screens.md §2, decision record 0048), opened by the page's
 * `?post=<id>`, so the link can be shared. A post the reader may not read, or that does not exist,
 * is "not available", and nothing more is said. Closing removes the parameter. Those who may
 * manage posts (ADMIN, the guard of the edit screen) are offered to edit it (docs/product/screens.md §2).
 */
export function PostReaderDialog({ onRead }: PostReaderDialogProps) {
  const { t } = useTranslation([homeNs, 'common']);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useUrlSearchParams();
  const id = params.get(POST_PARAM);
  const post = useReaderPost(id);
  const queryClient = useQueryClient();
  const titleId = useId();
  const { user, superAdminUserId } = useAuth();
  const mayEdit =
    user !== null && passesGuards({ id: user.id, groups: user.department }, ['ADMIN'], { superAdminUserId });

  const opened = post.data;
  useEffect(() => {
    if (opened === undefined) return;
    // Read now: the readers' lists, and the page's, lose its unread mark.
    void queryClient.invalidateQueries({ queryKey: postsKeys.readerLists() });
    onRead?.(opened);
  }, [opened, onRead, queryClient]);

  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(POST_PARAM);
        return next;
      },
      { replace: true },
    );

  // A link that names no post, and any refusal, read the same: the post is not available.
  const unavailable =
    (id !== null && !isPostId(id)) ||
    (post.isError && isAppError(post.error) && [400, 403, 404].includes(post.error.status));
  const shown = id !== null && isPostId(id) ? post.data : undefined;

  let title: string;
  let content;
  if (unavailable) {
    title = t('post.notAvailable');
    content = <Typography color="text.secondary">{t('post.notAvailableDetail')}</Typography>;
  } else if (shown !== undefined) {
    title = shown.title;
    content = <PostContent post={shown} />;
  } else if (post.isError) {
    title = t('post.loadError');
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void post.refetch()}>
            {t('post.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('post.loadError')}</AlertTitle>
        {isAppError(post.error) ? errorText(post.error) : null}
      </Alert>
    );
  } else {
    title = t('post.loading');
    content = (
      <Stack spacing={1} aria-busy="true">
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton />
        <Skeleton width="70%" />
      </Stack>
    );
  }

  return (
    <Dialog
      open={id !== null}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      scroll="paper"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{content}</DialogContent>
      <DialogActions>
        {mayEdit && shown !== undefined && (
          <Button component={RouterLink} to={editPath(shown.kind, shown.id)} startIcon={<EditOutlinedIcon />}>
            {t('post.edit')}
          </Button>
        )}
        <Button onClick={close}>{t('post.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
