import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { HomePosts } from '@staff-portal/shared/home';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import { displayNameOf } from '@staff-portal/shared/signed-in-user';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlSearchParams } from '../../lib/use-url-search-params';
import { useAuth } from '../../lib/auth-context';
import { homeKeys } from '../../features/home/api/home-keys';
import { useHome } from '../../features/home/api/get-home';
import { HomePostsSection, HomePostsSkeleton } from '../../features/home/components/home-posts';
import { HomeLeaveSummary } from '../../features/leave/home-leave-summary';
import { useReaderPosts } from '../../features/posts/api/get-reader-posts';
import { POST_PARAM } from '../../lib/post-link';
import { LinkCardGrid, useMayOpen } from '../link-cards';
import { homeNs } from '../../locales/home';

const LEAVE = '/shared/hr-services/leave';

/**
 * The post dialog and its Markdown renderer load only when a post is opened: Home itself, the
 * page everyone lands on, stays in the signed-in chunk without them (decision record 0028).
 */
const PostReaderDialog = lazy(() =>
  import('../../features/posts/components/post-reader-dialog').then((module) => ({
    default: module.PostReaderDialog,
  })),
);

/** Announcements beside staff information on a wide screen; one above the other on a phone. */
const postsGrid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
};

type LinkKey =
  'leave' | 'leaveAdmin' | 'accessControl' | 'announcements' | 'staffInfo' | 'industrialRelations' | 'itAdmin';

/**
 * Seed §1 "pages listed per department": HR sees the E-Leave System; HRAdmin and ITAdmin also
 * the Access Control Page and the E-Leave System Admin. IR and IT admin follow docs/product/access.md,
 * and so do the announcements and staff information, which ADMIN writes (docs/product/screens.md §2).
 * Each link is shown only when the route's own guard admits the user.
 */
const quickLinks: { key: LinkKey; path: string; icon: ReactNode }[] = [
  { key: 'leave', path: LEAVE, icon: <BeachAccessOutlinedIcon /> },
  { key: 'leaveAdmin', path: '/shared/hr-services/leave/admin', icon: <ManageAccountsOutlinedIcon /> },
  { key: 'accessControl', path: '/shared/access-control', icon: <AdminPanelSettingsOutlinedIcon /> },
  { key: 'announcements', path: '/announcements', icon: <CampaignOutlinedIcon /> },
  { key: 'staffInfo', path: '/staff-info', icon: <InfoOutlinedIcon /> },
  { key: 'industrialRelations', path: '/shared/industrial-relations', icon: <GavelOutlinedIcon /> },
  { key: 'itAdmin', path: '/it-admin', icon: <ComputerOutlinedIcon /> },
];

/**
 * What every signed-in user can open, offered when no page is listed for their departments (the
 * organisation's own department, CLUB, the co-ops) so that home is never a dead end.
 */
const everyoneLinks: { key: 'profile' | 'teamSpace'; path: string; icon: ReactNode }[] = [
  { key: 'profile', path: '/profile', icon: <PersonOutlineOutlinedIcon /> },
  { key: 'teamSpace', path: '/team-space', icon: <GroupsOutlinedIcon /> },
];

/** Posts a page of "show all" holds. */
const ALL_PAGE_SIZE = 10;

/**
 * One kind of posts on Home: the first ones from `GET /home`, or, once the reader asks for all,
 * the readers' list a page at a time.
 */
function PostsSection({ kind, posts }: { kind: PostKind; posts: HomePosts }) {
  const { t } = useTranslation(homeNs);
  // The page of all of them being read; null while Home shows the first ones only.
  const [page, setPage] = useState<number | null>(null);
  const all = useReaderPosts({ kind, page: page ?? 1, pageSize: ALL_PAGE_SIZE }, page !== null);
  const announcements = kind === 'announcement';
  return (
    <HomePostsSection
      title={announcements ? t('posts.announcements') : t('posts.staffInfo')}
      emptyText={announcements ? t('posts.emptyAnnouncements') : t('posts.emptyStaffInfo')}
      posts={posts}
      showingAll={page !== null}
      onShowAll={(showAll) => setPage(showAll ? 1 : null)}
      all={
        page === null || all.data === undefined
          ? undefined
          : {
              items: all.data.items,
              page: all.data.page,
              pageCount: Math.max(1, Math.ceil(all.data.total / ALL_PAGE_SIZE)),
              onPage: setPage,
            }
      }
    />
  );
}

/**
 * Home (`/`, docs/product/screens.md §2): a greeting; my leave at a glance where I use E-Leave;
 * the announcements and staff information of my departments, each opening in full in a dialog
 * whose link (`/?post=<id>`) can be shared; and the quick links my departments may open, or, when
 * they may open none, what anyone can do. One request (`GET /home`) brings all but the links,
 * which show whatever it answers.
 */
export function HomePage() {
  const { t } = useTranslation([homeNs, 'common']);
  const { user } = useAuth();
  const mayOpen = useMayOpen();
  const home = useHome();
  const [params] = useUrlSearchParams();
  const queryClient = useQueryClient();
  // A post opened is read: Home's unread marks and counts are asked for again.
  const onRead = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: homeKeys.all });
  }, [queryClient]);
  if (user === null) return null;
  const visible = quickLinks
    .filter(({ path }) => mayOpen(path))
    .map(({ key, path, icon }) => ({
      key,
      path,
      icon,
      title: t(`links.${key}.title`),
      description: t(`links.${key}.description`),
    }));
  const fallback = everyoneLinks.map(({ key, path, icon }) => ({
    key,
    path,
    icon,
    title: t(`links.${key}.title`),
    description: t(`links.${key}.description`),
  }));
  const cards = visible.length > 0 ? visible : fallback;

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%' }}>
      <title>{`${t('title')} · ${t('common:appName')}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('greeting', { name: displayNameOf(user) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {visible.length > 0 ? t('intro') : t('noPages')}
      </Typography>
      {home.isError && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void home.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadError')}
        </Alert>
      )}
      {home.data === undefined && !home.isError && (
        <Box role="status" aria-label={t('loading')} sx={{ mb: 3 }}>
          {mayOpen(LEAVE) && (
            <Card variant="outlined" sx={{ mb: 3 }} aria-hidden>
              <CardContent>
                <Skeleton width="35%" height={32} />
                <Skeleton width="60%" />
              </CardContent>
            </Card>
          )}
          <Box sx={postsGrid}>
            <HomePostsSkeleton />
            <HomePostsSkeleton />
          </Box>
        </Box>
      )}
      {home.data !== undefined && (
        <>
          {home.data.leave !== null && <HomeLeaveSummary summary={home.data.leave} />}
          <Box sx={{ ...postsGrid, mb: 3 }}>
            <PostsSection kind="announcement" posts={home.data.announcements} />
            <PostsSection kind="staffInfo" posts={home.data.staffInfo} />
          </Box>
        </>
      )}
      <Box component="section" aria-labelledby="home-quick-links">
        <Typography id="home-quick-links" variant="h6" component="h2" sx={{ mb: 2 }}>
          {visible.length > 0 ? t('quickLinks') : t('whatYouCanDo')}
        </Typography>
        <LinkCardGrid cards={cards} openLabel={(page) => t('open', { page })} />
      </Box>
      {params.has(POST_PARAM) && (
        <Suspense fallback={null}>
          <PostReaderDialog onRead={onRead} />
        </Suspense>
      )}
    </Box>
  );
}
