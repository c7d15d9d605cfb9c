import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import PushPinIcon from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminPostSummary, PostSort } from '@staff-portal/shared/posts';
import { EVERYONE, POST_STATUSES, postDepartments } from '@staff-portal/shared/posts-rules';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListFilters } from '../../components/list/list-filters';
import { ListSearchField } from '../../components/list/list-search-field';
import { ListPagination } from '../../components/list/list-pagination';
import { sortableHeaders } from '../../components/list/sortable-header';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DELAY_MS, useListParams, useTextParam } from '../../lib/use-list-params';
import { postsNs } from '../../locales/posts';
import { useAdminPosts } from './api/list-posts';
import type { PostsQuery } from './api/list-posts';
import { PAGE_SIZE } from './api/posts-keys';
import { PostActionsMenu } from './components/post-actions-menu';
import { PostStatusChip } from './components/post-status-chip';
import { usePostActions } from './components/use-post-actions';
import { readListState } from './list-params';
import type { ListState } from './list-params';
import { createPath, editPath } from './paths';
import { usePostTexts } from './post-texts';
import { SelectField } from '../../components/select-field';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const HIDDEN_BELOW_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;
const HIDDEN_BELOW_WIDE = { display: { xs: 'none', lg: 'table-cell' } } as const;

/** The API's query for the list the URL shows; empty filters are left out. */
function apiQuery(kind: PostKind, state: ListState, q: string): PostsQuery {
  return {
    kind,
    ...(q === '' ? {} : { q }),
    ...(state.status === '' ? {} : { status: state.status }),
    ...(state.audience === '' ? {} : { audience: state.audience }),
    // Newest first is the API's own order, left out.
    ...(state.sort === 'created' && state.order === 'desc' ? {} : { sort: state.sort, order: state.order }),
    page: state.page,
    pageSize: PAGE_SIZE,
  };
}

/**
 * `/announcements` (Announcements) and `/staff-info` (StaffInformation), ADMIN
 * (docs/product/screens.md §13, docs/product/access.md §3): the posts of one kind, newest first,
 * each with its status, audience, times and "seen by N of M"; search and filters in the URL.
 */
export function PostsListPage({ kind }: { kind: PostKind }) {
  const { t } = useTranslation(postsNs);
  const texts = usePostTexts();
  const { organisation } = useRuntimeConfig();
  const { params, change } = useListParams();
  const state = readListState(params);
  // The box follows what is typed and the URL follows it at once (replacing, so typing leaves no
  // trail of history entries); the list is asked once typing pauses, the other filters at once.
  const [search, setSearch] = useTextParam(params, 'q', change);
  const debouncedSearch = useDebouncedValue(state.q, SEARCH_DELAY_MS);
  const posts = useAdminPosts(apiQuery(kind, state, debouncedSearch));
  const actions = usePostActions();

  const departments = postDepartments(organisation.department);
  // A linked filter shows even when it names no department of this organisation.
  const audiences =
    state.audience === '' || state.audience === EVERYONE || departments.includes(state.audience)
      ? departments
      : [state.audience, ...departments];
  const filtered = state.q !== '' || state.status !== '' || state.audience !== '';
  const header = sortableHeaders<PostSort>(state.sort, state.order, change);

  return (
    <PageFrame title={t(`kind.${kind}.listTitle`)} intro={t(`kind.${kind}.listIntro`)}>
      <ListFilters
        label={t('list.filters')}
        activeCount={(state.status === '' ? 0 : 1) + (state.audience === '' ? 0 : 1)}
        search={<ListSearchField label={t('list.search')} value={search} onChange={setSearch} />}
        actions={
          <Button
            component={RouterLink}
            to={createPath(kind)}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t(`kind.${kind}.create`)}
          </Button>
        }
      >
        <SelectField
          size="small"
          label={t('list.status')}
          value={state.status}
          onChange={(status) => change({ status })}
          options={[
            { value: '', label: t('list.allStatuses') },
            ...POST_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
          ]}
          sx={{ minWidth: 160 }}
        />
        <SelectField
          size="small"
          label={t('list.audience')}
          value={state.audience}
          onChange={(audience) => change({ audience })}
          options={[
            { value: '', label: t('list.allAudiences') },
            { value: EVERYONE, label: t('everyone') },
            ...audiences.map((name) => ({ value: name, label: name })),
          ]}
          sx={{ minWidth: 180 }}
        />
      </ListFilters>
      <QueryState
        query={posts}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t(filtered ? 'list.emptyFiltered' : 'list.empty')}
      >
        {(data) => (
          <>
            <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }} aria-live="polite">
              {t('list.count', { count: data.total })}
            </Typography>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('list.table')}>
                <TableHead>
                  <TableRow>
                    {header('title', t('list.columns.title'))}
                    <TableCell sx={HIDDEN_ON_PHONE}>{t('list.columns.status')}</TableCell>
                    <TableCell sx={HIDDEN_BELOW_DESKTOP}>{t('list.columns.audience')}</TableCell>
                    {header('publishAt', t('list.columns.times'), HIDDEN_BELOW_DESKTOP)}
                    {header('author', t('list.columns.author'), HIDDEN_BELOW_WIDE)}
                    {header('created', t('list.columns.written'), HIDDEN_BELOW_WIDE)}
                    <TableCell sx={HIDDEN_BELOW_WIDE}>{t('list.columns.attachments')}</TableCell>
                    <TableCell sx={HIDDEN_ON_PHONE}>{t('list.columns.seen')}</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={visuallyHidden}>
                        {t('list.columns.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((post) => (
                    <PostRow key={post.id} post={post} texts={texts} actions={actions} />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={data.total}
              page={state.page}
              pageSize={PAGE_SIZE}
              onPage={(page) => change({ page: String(page) })}
            />
          </>
        )}
      </QueryState>
      {actions.dialogs}
    </PageFrame>
  );
}

/**
 * Read by screen readers, not shown. Its sizes are strings: in `sx` a number up to 1 is a
 * fraction (`width: 1` is 100%), which made the hidden header as wide as the page and pushed it
 * past a phone's edge.
 */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function PostRow({
  post,
  texts,
  actions,
}: {
  post: AdminPostSummary;
  texts: ReturnType<typeof usePostTexts>;
  actions: ReturnType<typeof usePostActions>;
}) {
  const { t } = useTranslation(postsNs);
  const expire = texts.expire(post);
  const times = (
    <>
      <span>{texts.publish(post)}</span>
      {expire !== undefined && (
        <>
          <br />
          <span>{expire}</span>
        </>
      )}
    </>
  );
  return (
    <TableRow hover data-post={post.id}>
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start' }}>
          {post.pinned && (
            <Tooltip title={t('list.pinned')}>
              <PushPinIcon fontSize="small" color="primary" titleAccess={t('list.pinned')} />
            </Tooltip>
          )}
          <Link
            component={RouterLink}
            to={editPath(post.kind, post.id)}
            aria-label={t('list.open', { title: post.title })}
            sx={{ fontWeight: 600 }}
          >
            {post.title}
          </Link>
        </Stack>
        {/* On a phone, what the hidden columns say, under the title. */}
        <Stack spacing={0.5} sx={{ display: { xs: 'flex', sm: 'none' }, mt: 0.5, alignItems: 'flex-start' }}>
          <PostStatusChip status={post.status} />
          <Typography variant="caption" color="text.secondary">
            {texts.audience(post.audience)} · {times}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {texts.seen(post.seen)}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', md: 'block', lg: 'none' } }}>
          {post.authorName}
          {post.attachmentCount > 0 ? ` · ${t('list.attachments', { count: post.attachmentCount })}` : ''}
        </Typography>
      </TableCell>
      <TableCell sx={HIDDEN_ON_PHONE}>
        <PostStatusChip status={post.status} />
      </TableCell>
      {/* Departments wrap between names, never inside one ("Everyone" stays whole). */}
      <TableCell sx={HIDDEN_BELOW_DESKTOP}>{texts.audience(post.audience)}</TableCell>
      <TableCell sx={{ ...HIDDEN_BELOW_DESKTOP, whiteSpace: 'nowrap' }}>{times}</TableCell>
      <TableCell sx={{ ...HIDDEN_BELOW_WIDE, minWidth: 120 }}>{post.authorName}</TableCell>
      <TableCell sx={{ ...HIDDEN_BELOW_WIDE, whiteSpace: 'nowrap' }}>{texts.written(post)}</TableCell>
      <TableCell sx={HIDDEN_BELOW_WIDE}>
        {post.attachmentCount === 0 ? (
          t('none')
        ) : (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <AttachFileIcon fontSize="small" aria-hidden />
            <span>{t('list.attachments', { count: post.attachmentCount })}</span>
          </Stack>
        )}
      </TableCell>
      <TableCell sx={{ ...HIDDEN_ON_PHONE, whiteSpace: 'nowrap' }}>
        {post.seen === null ? (
          <Tooltip title={t('list.seenUnknownHint')}>
            <span>{texts.seen(post.seen)}</span>
          </Tooltip>
        ) : (
          texts.seen(post.seen)
        )}
      </TableCell>
      <TableCell align="right" sx={{ width: 56 }}>
        <PostActionsMenu post={post} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

/** Announcements (`/announcements`). */
export function AnnouncementsPage() {
  return <PostsListPage kind="announcement" />;
}

/** Staff information (`/staff-info`). */
export function StaffInformationPage() {
  return <PostsListPage kind="staffInfo" />;
}
