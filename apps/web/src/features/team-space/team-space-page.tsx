import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passesGuards } from '@staff-portal/shared/groups';
import { MAX_AWAY_ENTRIES } from '@staff-portal/shared/team';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListFilters } from '../../components/list/list-filters';
import { ListSearchField } from '../../components/list/list-search-field';
import { ListPagination } from '../../components/list/list-pagination';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useAuth } from '../../lib/auth-context';
import { formatDateRange } from '../../lib/dates';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DELAY_MS, useListParams, useTextParam } from '../../lib/use-list-params';
import { useTeamAway } from './api/get-team-away';
import { useTeamPeople } from './api/get-team-people';
import { AwayList } from './components/away-list';
import { PeopleList } from './components/people-list';
import { formatWeekday } from './format';
import { teamSpaceNs } from '../../locales/team-space';
import { SelectField } from '../../components/select-field';

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

  const { params, change, page } = useListParams();
  // Each keystroke replaces the URL's search rather than adding to the history.
  const [search, setSearch] = useTextParam(params, 'search', change);
  const debounced = useDebouncedValue((params.get('search') ?? '').trim(), SEARCH_DELAY_MS);
  const department = params.get('department') ?? '';
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
            <SelectField
              size="small"
              label={t('people.department')}
              value={department}
              onChange={(code) => change({ department: code })}
              options={[
                { value: '', label: t('people.allDepartments') },
                ...data.departments.map((d) => ({
                  value: d.code,
                  label: d.name === d.code ? d.code : `${d.name} (${d.code})`,
                })),
              ]}
              sx={{ mb: 2, minWidth: 240, width: { xs: '100%', sm: 'auto' } }}
            />
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
            {/* The department is picked above, for the away lists as well: only the search is here. */}
            <ListFilters
              label={t('people.filters')}
              search={
                <ListSearchField
                  label={t('people.search')}
                  value={search}
                  onChange={setSearch}
                  sx={{ width: { xs: '100%', sm: 360 } }}
                />
              }
            />
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
                  <ListPagination
                    total={found.total}
                    page={found.page}
                    pageSize={found.pageSize}
                    pageSizes={PAGE_SIZES}
                    onPage={(next) => change({ page: String(next) })}
                    // The usual size is left out of the URL.
                    onPageSize={(size) => change({ pageSize: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
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
