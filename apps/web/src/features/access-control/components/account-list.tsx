import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
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
import type { Account, AccountSort } from '@staff-portal/shared/access-control';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListFilters } from '../../../components/list/list-filters';
import { ListSearchField } from '../../../components/list/list-search-field';
import { ListPagination } from '../../../components/list/list-pagination';
import { sortableHeaders } from '../../../components/list/sortable-header';
import { QueryState } from '../../../components/query-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { accountName, departmentLabel, useAccountTexts } from '../account-texts';
import { useDepartments } from '../api/get-departments';
import { useAccounts } from '../api/list-accounts';
import type { AccountsQuery } from '../api/list-accounts';
import { ACCOUNT_PARAM, PAGE_SIZES, readListState } from '../list-params';
import type { ListState } from '../list-params';
import { accessControlNs } from '../../../locales/access-control';
import { SEARCH_DELAY_MS, useListParams, useTextParam } from '../../../lib/use-list-params';
import { SelectField } from '../../../components/select-field';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const HIDDEN_BELOW_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The API's query for the list the URL shows; empty filters are left out. */
function apiQuery(state: ListState, search: string): AccountsQuery {
  return {
    ...(search === '' ? {} : { search }),
    ...(state.department === '' ? {} : { department: state.department }),
    ...(state.status === '' ? {} : { status: state.status }),
    sort: state.sort,
    order: state.order,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/**
 * The accounts (docs/product/screens.md §14): search by e-mail or name prefix, filter by
 * department and status, sort by a column, page on the server. All of it lives in the URL, so
 * the list can be linked and comes back as it was after going back.
 */
export function AccountList({ onCreate, onBulkCreate }: { onCreate: () => void; onBulkCreate?: () => void }) {
  const { t } = useTranslation(accessControlNs);
  const texts = useAccountTexts();
  const { params, change } = useListParams();
  const state = readListState(params);

  // The box follows what is typed and the URL follows it at once (replacing, so typing leaves no
  // trail of history entries); the list is asked once typing pauses, the other filters at once.
  const [search, setSearch] = useTextParam(params, 'search', change);
  const debouncedSearch = useDebouncedValue(state.search, SEARCH_DELAY_MS);

  const departments = useDepartments();
  const accounts = useAccounts(apiQuery(state, debouncedSearch));

  const departmentOptions = (departments.data ?? []).map((option) => option.code);
  // A linked filter shows even before (or without) the departments list.
  const shownDepartments =
    state.department === '' || departmentOptions.includes(state.department)
      ? departmentOptions
      : [state.department, ...departmentOptions];

  const accountLink = (account: Account) => {
    const next = new URLSearchParams(params);
    next.set(ACCOUNT_PARAM, account.username);
    return { search: `?${next.toString()}` };
  };

  const sortableHeader = sortableHeaders<AccountSort>(state.sort, state.order, change);

  return (
    <>
      <ListFilters
        label={t('list.filters')}
        activeCount={(state.department === '' ? 0 : 1) + (state.status === '' ? 0 : 1)}
        search={<ListSearchField label={t('list.search')} value={search} onChange={setSearch} />}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={onCreate}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('create.open')}
            </Button>
            {onBulkCreate !== undefined && (
              <Button
                variant="outlined"
                startIcon={<UploadFileOutlinedIcon />}
                onClick={onBulkCreate}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {t('bulk.open')}
              </Button>
            )}
          </>
        }
      >
        <SelectField
          size="small"
          label={t('list.department')}
          value={state.department}
          onChange={(department) => change({ department })}
          options={[
            { value: '', label: t('list.allDepartments') },
            ...shownDepartments.map((name) => ({ value: name, label: departmentLabel(name, departments.data ?? []) })),
          ]}
          sx={{ minWidth: 180 }}
        />
        <SelectField
          size="small"
          label={t('list.status')}
          value={state.status}
          onChange={(status) => change({ status })}
          options={[
            { value: '', label: t('list.allStatuses') },
            { value: 'CONFIRMED', label: t('status.CONFIRMED') },
            { value: 'FORCE_CHANGE_PASSWORD', label: t('status.FORCE_CHANGE_PASSWORD') },
            { value: 'RESET_REQUIRED', label: t('status.RESET_REQUIRED') },
            { value: 'DISABLED', label: t('list.disabledFilter') },
          ]}
          sx={{ minWidth: 200 }}
        />
      </ListFilters>
      <QueryState query={accounts} isEmpty={(data) => data.items.length === 0} emptyText={t('list.empty')}>
        {(data) => (
          <>
            <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }} aria-live="polite">
              {t('accountCount', { count: data.total })}
            </Typography>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('list.table')}>
                <TableHead>
                  <TableRow>
                    {sortableHeader('name', t('list.columns.name'))}
                    {sortableHeader('email', t('list.columns.email'), HIDDEN_ON_PHONE)}
                    <TableCell sx={HIDDEN_BELOW_DESKTOP}>{t('list.columns.departments')}</TableCell>
                    <TableCell>{t('list.columns.status')}</TableCell>
                    <TableCell>{t('list.columns.enabled')}</TableCell>
                    {sortableHeader('created', t('list.columns.created'), HIDDEN_BELOW_DESKTOP)}
                    {sortableHeader('modified', t('list.columns.modified'), HIDDEN_BELOW_DESKTOP)}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((account) => (
                    <TableRow key={account.username} hover selected={params.get(ACCOUNT_PARAM) === account.username}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Link
                          component={RouterLink}
                          to={accountLink(account)}
                          aria-label={t('list.open', { name: accountName(account) })}
                        >
                          {accountName(account)}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ ...HIDDEN_ON_PHONE, overflowWrap: 'anywhere' }}>{account.email}</TableCell>
                      <TableCell sx={HIDDEN_BELOW_DESKTOP}>
                        {account.departments.length === 0 ? (
                          t('none')
                        ) : (
                          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                            {account.departments.map((name) => (
                              <Chip key={name} label={name} size="small" variant="outlined" />
                            ))}
                          </Stack>
                        )}
                      </TableCell>
                      <TableCell>{texts.statusLabel(account.status)}</TableCell>
                      <TableCell>
                        {account.enabled ? t('enabled') : <Chip label={t('disabled')} size="small" color="warning" />}
                      </TableCell>
                      <TableCell sx={{ ...HIDDEN_BELOW_DESKTOP, whiteSpace: 'nowrap' }}>
                        {texts.day(account.createdAt)}
                      </TableCell>
                      <TableCell sx={{ ...HIDDEN_BELOW_DESKTOP, whiteSpace: 'nowrap' }}>
                        {texts.day(account.updatedAt)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={data.total}
              page={state.page}
              pageSize={state.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(page) => change({ page: String(page) })}
              onPageSize={(size) => change({ pageSize: size === PAGE_SIZES[0] ? '' : String(size) })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
