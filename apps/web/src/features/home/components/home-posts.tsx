import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HomePosts } from '@staff-portal/shared/home';
import type { ReaderPostSummary } from '@staff-portal/shared/posts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { homeNs } from '../../../locales/home';
import { postLink } from '../../../lib/post-link';

/** One post in a list: its title (bold while unread), marks, excerpt, and when and by whom. */
function PostItem({ post }: { post: ReaderPostSummary }) {
  const { t, i18n } = useTranslation([homeNs, 'common']);
  const config = useRuntimeConfig();
  const date = formatDateTime(post.publishAt, {
    timeZone: config.organisation.timeZone,
    locale: i18n.resolvedLanguage ?? 'en',
    invalidText: t('common:invalidDate'),
  });
  // The marks are said in the link's name; on screen they are an icon and a chip.
  const name = [post.title, post.pinned ? t('posts.pinnedLabel') : null, post.read ? null : t('posts.newLabel')]
    .filter((part) => part !== null)
    .join(', ');
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={postLink(post.id)}
        aria-label={name}
        sx={{ alignItems: 'flex-start', px: { xs: 1, sm: 2 }, py: 1.25 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0, width: '100%' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            {post.pinned && <PushPinOutlinedIcon fontSize="small" color="primary" aria-hidden />}
            <Typography
              component="span"
              sx={{ fontWeight: post.read ? 400 : 700, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}
            >
              {post.title}
            </Typography>
            {!post.read && <Chip size="small" color="primary" label={t('posts.new')} aria-hidden />}
          </Stack>
          {post.excerpt !== '' && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {post.excerpt}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {[
              t('posts.published', { date }),
              t('posts.by', { author: post.authorName }),
              post.attachmentCount > 0 ? t('posts.attachments', { count: post.attachmentCount }) : null,
            ]
              .filter((part) => part !== null)
              .join(' · ')}
          </Typography>
        </Stack>
      </ListItemButton>
    </ListItem>
  );
}

/** Every post of a kind, a page at a time, when the reader asked for all of them. */
export interface AllPosts {
  items: ReaderPostSummary[];
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export interface HomePostsSectionProps {
  title: string;
  emptyText: string;
  /** The first posts, as `GET /home` gives them. */
  posts: HomePosts;
  /** Shown instead of the first posts once the reader asked for all; undefined until then. */
  all?: AllPosts | undefined;
  /** Whether all are asked for, and the way to ask or go back to the first ones. */
  showingAll: boolean;
  onShowAll: (showAll: boolean) => void;
}

/**
 * Announcements or staff information on Home (docs/product/screens.md §2): pinned first, then
 * the newest, unread ones marked, each opening the post in full.
 */
export function HomePostsSection({ title, emptyText, posts, all, showingAll, onShowAll }: HomePostsSectionProps) {
  const { t } = useTranslation(homeNs);
  const headingId = useId();
  const items = showingAll && all !== undefined ? all.items : posts.items;
  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {posts.unread > 0 && (
            <Chip size="small" color="primary" variant="outlined" label={t('posts.unread', { count: posts.unread })} />
          )}
        </Stack>
        {posts.total === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {emptyText}
          </Typography>
        ) : (
          <List disablePadding>
            {items.map((post) => (
              <PostItem key={post.id} post={post} />
            ))}
          </List>
        )}
        {showingAll && all !== undefined && all.pageCount > 1 && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
            role="group"
            aria-label={t('posts.pages', { section: title })}
          >
            <Button size="small" disabled={all.page <= 1} onClick={() => all.onPage(all.page - 1)}>
              {t('posts.previous')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('posts.pageOf', { page: all.page, total: all.pageCount })}
            </Typography>
            <Button size="small" disabled={all.page >= all.pageCount} onClick={() => all.onPage(all.page + 1)}>
              {t('posts.next')}
            </Button>
          </Stack>
        )}
        {posts.total > posts.items.length && (
          <Box sx={{ mt: 1 }}>
            <Button size="small" onClick={() => onShowAll(!showingAll)}>
              {showingAll ? t('posts.showFewer') : t('posts.showAll', { count: posts.total })}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** A posts section while Home loads: its heading's place and three posts' lines. */
export function HomePostsSkeleton() {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }} aria-hidden>
      <CardContent>
        <Skeleton width="45%" height={32} />
        {[0, 1, 2].map((row) => (
          <Box key={row} sx={{ py: 1 }}>
            <Skeleton width="70%" />
            <Skeleton />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
