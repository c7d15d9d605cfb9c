import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import { MEMBER_SORTS } from '@staff-portal/shared/ir';
import type { MemberCountQuery, MemberSummary } from '@staff-portal/shared/ir';
import { MEMBER_STATUSES } from '@staff-portal/shared/ir-rules';
import type { MemberStatus } from '@staff-portal/shared/ir-rules';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListFilters } from '../../components/list/list-filters';
import { ListSearchField } from '../../components/list/list-search-field';
import { SearchPager } from '../../components/list/search-pager';
import { SortableHeader } from '../../components/list/sortable-header';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { errorText } from '../../lib/error-text';
import { PAGE_SIZE } from './api/ir-keys';
import { useMemberOptions } from './api/get-member-options';
import { useMemberCount } from './api/count-members';
import { useMemberSearch } from './api/search-members';
import type { MemberQuery } from './api/search-members';
import { useListParams, useTextParam } from '../../lib/use-list-params';
import { memberPath } from './paths';
import type { FromList } from './paths';
import { irNs } from '../../locales/ir';
import { SelectField } from '../../components/select-field';

type MemberSort = (typeof MEMBER_SORTS)[number];
const isSort = (value: string | null): value is MemberSort =>
  (MEMBER_SORTS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is MemberStatus =>
  (MEMBER_STATUSES as readonly (string | null)[]).includes(value);

/** The API's query for what the URL says; nothing to look for is no query at all. */
function memberQuery(params: URLSearchParams, page: number): MemberQuery | null {
  const q = params.get('q')?.trim() ?? '';
  const employer = params.get('employer') ?? '';
  const branch = params.get('branch') ?? '';
  const status = params.get('status');
  const sort = params.get('sort');
  if (q === '' && employer === '' && branch === '' && !isStatus(status)) return null;
  return {
    ...(q === '' ? {} : { q: q.slice(0, 100) }),
    ...(employer === '' ? {} : { employer }),
    ...(branch === '' ? {} : { branch }),
    ...(isStatus(status) ? { status } : {}),
    // No sort with search text: the best matches first.
    ...(isSort(sort) ? { sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' } : {}),
    page,
    pageSize: PAGE_SIZE,
  };
}

/** What the count is asked for: the search's text and filters, whatever its order and page. */
function countQueryOf(query: MemberQuery | null): MemberCountQuery {
  if (query === null) return {};
  const { sort: _sort, order: _order, page: _page, pageSize: _pageSize, ...filters } = query;
  return filters;
}

/** A filter's options, with a linked value kept even before (or without) the list. */
const withValue = (options: readonly string[], value: string) =>
  value === '' || options.includes(value) ? options : [value, ...options];

/**
 * `/shared/industrial-relations/member-lookup` (MemberLookupPage, docs/product/screens.md §10):
 * one search box over name, member no and NRIC, filters, server paging with previous and next.
 * All of it lives in the URL, so Back from a member returns to the same search.
 */
export function MemberLookupPage() {
  const { t } = useTranslation(irNs);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { params, settled, change, page } = useListParams();
  const [search, setSearch] = useTextParam(params, 'q', change);
  const options = useMemberOptions();
  const settledPage = Math.max(1, Math.trunc(Number(settled.get('page') ?? '1')) || 1);
  const query = memberQuery(settled, settledPage);
  const members = useMemberSearch(query ?? { page: 1 }, { enabled: query !== null });
  const counted = useMemberCount(countQueryOf(query), { enabled: query !== null });
  // No sort is the best matches first: no column is active then.
  const sort = params.get('sort');
  const sorted: MemberSort | '' = isSort(sort) ? sort : '';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const employer = params.get('employer') ?? '';
  const branch = params.get('branch') ?? '';
  const status = isStatus(params.get('status')) ? (params.get('status') ?? '') : '';
  const statusText = (value: MemberStatus) => t(`memberStatus.${value}`);
  const fromList: FromList = { listSearch: params.toString() };
  // A refusal of the search text (one who sees NRICs masked typed an NRIC: docs/product/ir.md §1) shows under it.
  const refusal = isAppError(members.error) && members.error.field === 'q' ? errorText(members.error) : undefined;

  const header = (column: MemberSort, label: string) => (
    <SortableHeader<MemberSort | ''>
      column={column}
      sort={sorted}
      order={order}
      onSort={(by, to) => change({ sort: by, order: to })}
    >
      {label}
    </SortableHeader>
  );

  const table = (items: MemberSummary[]) => (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('lookup.table')}>
        <TableHead>
          <TableRow>
            {header('name', t('lookup.columns.name'))}
            {header('memberNo', t('lookup.columns.memberNo'))}
            <TableCell>{t('lookup.columns.nric')}</TableCell>
            {header('employer', t('lookup.columns.employer'))}
            {header('branch', t('lookup.columns.branch'))}
            <TableCell>{t('lookup.columns.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((member) => (
            <TableRow key={member.memberNo} hover>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <Link
                  component={RouterLink}
                  to={memberPath(member.memberNo)}
                  state={fromList}
                  aria-label={t('lookup.open', { name: member.name })}
                >
                  {member.name}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{member.memberNo}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{member.nric}</TableCell>
              <TableCell>{member.employer}</TableCell>
              <TableCell>{member.branch}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={statusText(member.status)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  // On a phone each member is a card: the name, the numbers, where they work.
  const cards = (items: MemberSummary[]) => (
    <Stack component="ul" aria-label={t('lookup.list')} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((member) => (
        <li key={member.memberNo}>
          <Card variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={memberPath(member.memberNo)}
              state={fromList}
              aria-label={t('lookup.open', { name: member.name })}
            >
              <CardContent sx={{ py: 1.5 }}>
                <Typography sx={{ fontWeight: 700 }}>{member.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {member.memberNo} · {member.nric} · {statusText(member.status)}
                </Typography>
                <Typography variant="body2">
                  {member.employer} · {member.branch}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Stack>
  );

  return (
    <PageFrame title={t('lookup.title')} intro={t('lookup.intro')}>
      <ListFilters
        label={t('lookup.filters')}
        search={<ListSearchField label={t('lookup.search')} value={search} onChange={setSearch} problem={refusal} />}
        activeCount={[employer, branch, status].filter((value) => value !== '').length}
      >
        <SelectField
          size="small"
          label={t('lookup.employer')}
          value={employer}
          onChange={(chosen) => change({ employer: chosen })}
          options={[
            { value: '', label: t('lookup.allEmployers') },
            ...withValue(options.data?.employers ?? [], employer).map((name) => ({ value: name, label: name })),
          ]}
          sx={{ minWidth: 180 }}
        />
        <SelectField
          size="small"
          label={t('lookup.branch')}
          value={branch}
          onChange={(chosen) => change({ branch: chosen })}
          options={[
            { value: '', label: t('lookup.allBranches') },
            ...withValue(options.data?.branches ?? [], branch).map((name) => ({ value: name, label: name })),
          ]}
          sx={{ minWidth: 180 }}
        />
        <SelectField
          size="small"
          label={t('lookup.status')}
          value={status}
          onChange={(chosen) => change({ status: chosen })}
          options={[
            { value: '', label: t('lookup.allStatuses') },
            ...MEMBER_STATUSES.map((value) => ({ value, label: statusText(value) })),
          ]}
          sx={{ minWidth: 150 }}
        />
      </ListFilters>
      {query === null ? (
        <Box sx={{ py: 3 }}>
          <Typography color="text.secondary">{t('lookup.start')}</Typography>
        </Box>
      ) : refusal !== undefined ? null : (
        <QueryState query={members} isEmpty={(data) => data.items.length === 0} emptyText={t('lookup.empty')}>
          {(data) => (
            <>
              {phone ? cards(data.items) : table(data.items)}
              <SearchPager
                page={page}
                pageSize={PAGE_SIZE}
                shown={data.items.length}
                hasMore={data.hasMore}
                total={counted.data}
                onPage={(next) => change({ page: String(next) })}
              />
            </>
          )}
        </QueryState>
      )}
    </PageFrame>
  );
}
