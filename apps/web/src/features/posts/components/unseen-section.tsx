import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { postsNs } from '../../../locales/posts';
import { useUnseen } from '../api/get-unseen';
import { UNSEEN_PAGE_SIZE } from '../api/posts-keys';

/**
 * "Not seen yet" (the read receipts of decision record 0048): the accounts of a post's audience
 * that have not opened it, by name, a page at a time. A draft or scheduled post has no readers
 * yet, so the list waits until it is published.
 */
export function UnseenSection({ post }: { post: AdminPost }) {
  const { t } = useTranslation(postsNs);
  const published = post.status === 'published' || post.status === 'expired';
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="h6">
        {t('unseen.title')}
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {t('unseen.intro')}
      </Typography>
      {published ? (
        <UnseenList id={post.id} />
      ) : (
        <Typography color="text.secondary" variant="body2">
          {t('unseen.draft')}
        </Typography>
      )}
    </Stack>
  );
}

function UnseenList({ id }: { id: string }) {
  const { t } = useTranslation(postsNs);
  const [page, setPage] = useState(1);
  const unseen = useUnseen(id, page);
  return (
    <QueryState query={unseen} isEmpty={(data) => data.total === 0} emptyText={t('unseen.none')}>
      {(data) => {
        const pages = Math.max(Math.ceil(data.total / UNSEEN_PAGE_SIZE), 1);
        return (
          <>
            <Typography variant="body2" aria-live="polite">
              {t('unseen.total', { count: data.total })}
            </Typography>
            <Stack component="ul" aria-label={t('unseen.list')} spacing={0.25} sx={{ pl: 2.5, my: 0 }}>
              {data.items.map((account) => (
                <Typography component="li" variant="body2" key={account.id} sx={{ overflowWrap: 'anywhere' }}>
                  {account.name ?? t('unseen.noName')}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({account.email})
                  </Typography>
                </Typography>
              ))}
            </Stack>
            {pages > 1 && (
              <Stack
                component="nav"
                aria-label={t('unseen.paging')}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Button
                  size="small"
                  startIcon={<NavigateBeforeIcon />}
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t('unseen.previous')}
                </Button>
                <Typography variant="body2">{t('unseen.page', { page: data.page, pages })}</Typography>
                <Button
                  size="small"
                  endIcon={<NavigateNextIcon />}
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('unseen.next')}
                </Button>
              </Stack>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
