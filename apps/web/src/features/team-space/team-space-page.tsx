import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { passesGuards } from '@staff-portal/shared/groups';
import { MAX_AWAY_ENTRIES } from '@staff-portal/shared/team';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useAuth } from '../../lib/auth-context';
import { formatDateRange } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useTeamAway } from './api/get-team-away';
import { useTeamPeople } from './api/get-team-people';
import { AwayList } from './components/away-list';
import { PeopleList } from './components/people-list';
import { formatWeekday } from './format';
import { teamSpaceNs } from '../../locales/team-space';
import { useUrlSearchParams } from '../../lib/use-url-search-params';

/**
 * The staff movement page, and the guard the route table gives it (SHARED): the lists link there
 * only for those it admits (docs/product/access.md §3), as the rest would meet Unauthorized.
 */
const STAFF_MOVEMENT = '/shared/hr-services/leave/staff-movement';
const STAFF_MOVEMENT_GUARDS = ['SHARED'] as const;

const PAGE_SIZES = [10, 25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;

/** One of the two "who is away" lists, in a card headed by what it covers. */
function AwayCard({ id, title, when, children }: { id: string; title: string; when: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {when}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * `/team-space` (and the claims, payslips and forms routes that show it): docs/product/screens.md
 * §16. The people of my departments (by my identity groups), searched and paged on the server,
 * and who of them is away today and on the other days of this week, where their leave is known.
 * I may pick one of my departments; ADMIN may pick any (decision record 0080). Search, department
 * and page live in the URL.
 */
export function TeamSpacePage() {
  const { t, i18n } = useTranslation([teamSpaceNs, 'common']);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { user, superAdminUserId } = useAuth();
  const holder = { id: user?.id ?? '', groups: user?.department ?? [] };
  const admin = user !== null && passesGuards(holder, ['ADMIN'], { superAdminUserId });
  const mayOpenStaffMovement = user !== null && passesGuards(holder, STAFF_MOVEMENT_GUARDS, { superAdminUserId });

  const [params, setParams] = useUrlSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);
  const department = params.get('department') ?? '';
  const page = Math.max(Math.trunc(Number(params.get('page') ?? '1')) || 1, 1);
  const pageSizeParam = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
  const pageSize = PAGE_SIZES.includes(pageSizeParam) ? pageSizeParam : DEFAULT_PAGE_SIZE;
  const departmentQuery = department === '' ? undefined : department;

  const people = useTeamPeople({
    search: debounced === '' ? undefined : debounced.slice(0, 100),
    department: departmentQuery,
    page,
    pageSize,
  });
  const away = useTeamAway({ department: departmentQuery });

  /** Sets one parameter of the URL; any change but paging starts again from the first page. */
  const setParam = (name: string, value: string, options: { replace?: boolean } = {}) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === '') next.delete(name);
        else next.set(name, value);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: options.replace ?? false },
    );

  const data = people.data;
  // In no department there is nobody to show: said once, in place.
  const noDepartments = data !== undefined && data.departments.length === 0;
  // Lists of more than one department name each person's.
  const manyDepartments = data !== undefined && data.departmentCode === null && data.myDepartments.length > 1;
  const departmentNames = new Map(data?.departments.map((d) => [d.code, d.name]) ?? []);

  return (
    <PageFrame title={t('title')} intro={admin ? t('introAdmin') : t('intro')}>
      {noDepartments ? (
        <Alert severity="info" role="status">
          <AlertTitle>{t('noDepartments.title')}</AlertTitle>
          {t('noDepartments.body')}
        </Alert>
      ) : (
        <>
          {data !== undefined && data.departments.length > 1 && (
            <TextField
              select
              size="small"
              label={t('people.department')}
              value={department}
              onChange={(event) => setParam('department', event.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              sx={{ mb: 2, minWidth: 240, width: { xs: '100%', sm: 'auto' } }}
            >
              <option value="">{t('people.allDepartments')}</option>
              {data.departments.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.name === d.code ? d.code : `${d.name} (${d.code})`}
                </option>
              ))}
            </TextField>
          )}

          <Box sx={{ mb: 4 }}>
            <QueryState query={away}>
              {(lists) => (
                <Box
                  aria-busy={away.isPlaceholderData}
                  sx={{ opacity: away.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                >
                  {lists.members > 0 && lists.withLeaveRecord === 0 ? (
                    // Who is away comes from E-Leave: nobody here has a record, so it is not known.
                    <Alert severity="info">{t('away.unknown')}</Alert>
                  ) : (
                    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
                      <AwayCard id="team-away-today" title={t('away.today')} when={formatWeekday(lists.date, locale)}>
                        <AwayList
                          entries={lists.today}
                          label={t('away.today')}
                          emptyText={t('away.nobodyToday')}
                          showDepartment={manyDepartments}
                        />
                      </AwayCard>
                      <AwayCard
                        id="team-away-week"
                        title={t('away.thisWeek')}
                        when={formatDateRange(lists.weekStart, lists.weekEnd, locale)}
                      >
                        <AwayList
                          entries={lists.thisWeek}
                          label={t('away.thisWeek')}
                          emptyText={t('away.nobodyThisWeek')}
                          showDepartment={manyDepartments}
                        />
                      </AwayCard>
                    </Stack>
                  )}
                  {lists.withLeaveRecord > 0 && lists.withLeaveRecord < lists.members && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                      {t('away.knownFor', { known: lists.withLeaveRecord, count: lists.members })}
                    </Typography>
                  )}
                  {lists.truncated && (
                    <Alert severity="info" sx={{ mt: 2 }}>
                      {t('away.truncated', { count: MAX_AWAY_ENTRIES })}
                    </Alert>
                  )}
                  {mayOpenStaffMovement && (
                    <Stack
                      direction={{ xs: 'column', sm: 'row' }}
                      spacing={1}
                      sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
                    >
                      <Button
                        component={RouterLink}
                        to={STAFF_MOVEMENT}
                        startIcon={<EventNoteOutlinedIcon />}
                        sx={{ alignSelf: 'flex-start' }}
                      >
                        {t('away.openStaffMovement')}
                      </Button>
                      <Typography variant="body2" color="text.secondary">
                        {t('away.staffMovementHint')}
                      </Typography>
                    </Stack>
                  )}
                </Box>
              )}
            </QueryState>
          </Box>

          <Box component="section" aria-labelledby="team-people">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 1.5, flexWrap: 'wrap' }}>
              <Typography id="team-people" variant="h6" component="h2">
                {t('people.title')}
              </Typography>
              {data !== undefined && (
                <Typography color="text.secondary" aria-live="polite">
                  {t('people.count', { count: data.total })}
                </Typography>
              )}
            </Stack>
            <Box
              component="form"
              role="search"
              aria-label={t('people.filters')}
              sx={{ mb: 2 }}
              onSubmit={(event) => event.preventDefault()}
            >
              <TextField
                size="small"
                type="search"
                label={t('people.search')}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  // Each keystroke replaces the URL's search rather than adding to the history.
                  setParam('search', event.target.value.trim(), { replace: true });
                }}
                slotProps={{ htmlInput: { maxLength: 100 } }}
                sx={{ width: { xs: '100%', sm: 360 } }}
              />
            </Box>
            <QueryState
              query={people}
              isEmpty={(found) => found.total === 0}
              emptyText={debounced === '' ? t('people.empty') : t('people.noMatch', { search: debounced })}
            >
              {(found) => (
                <Box
                  aria-busy={people.isPlaceholderData}
                  sx={{ opacity: people.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
                >
                  <PeopleList people={found.items} departmentNames={departmentNames} showDepartment={manyDepartments} />
                  <TablePagination
                    component="div"
                    count={found.total}
                    page={Math.max(found.page - 1, 0)}
                    rowsPerPage={found.pageSize}
                    rowsPerPageOptions={PAGE_SIZES}
                    onPageChange={(_, next) => setParam('page', String(next + 1))}
                    onRowsPerPageChange={(event) => setParam('pageSize', event.target.value)}
                    labelRowsPerPage={t('people.rowsPerPage')}
                    labelDisplayedRows={({ from, to, count }) => t('people.displayedRows', { from, to, count })}
                    // On a phone the controls wrap under each other instead of running off the edge.
                    sx={{
                      '& .MuiTablePagination-toolbar': {
                        flexWrap: 'wrap',
                        justifyContent: 'flex-end',
                        px: { xs: 0, sm: 2 },
                      },
                      '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
                    }}
                  />
                </Box>
              )}
            </QueryState>
          </Box>
        </>
      )}
    </PageFrame>
  );
}
