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
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Account, AccountSort } from '@staff-portal/shared/access-control';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { accountName, departmentLabel, useAccountTexts } from '../account-texts';
import { useDepartments } from '../api/get-departments';
import { useAccounts } from '../api/list-accounts';
import type { AccountsQuery } from '../api/list-accounts';
import { ACCOUNT_PARAM, PAGE_SIZES, readListState, withListChange } from '../list-params';
import type { ListState } from '../list-params';
import { accessControlNs } from '../../../locales/access-control';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';

/** Typing pauses this long before the list is asked again. */
const SEARCH_DEBOUNCE_MS = 300;

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
  const [params, setParams] = useUrlSearchParams();
  const state = readListState(params);

  // The box follows what is typed; the URL follows it at once (replacing, so typing leaves no
  // trail of history entries), and the list is asked once typing pauses. Going back or forward
  // to another search puts that search in the box.
  const [search, setSearch] = useState(state.search);
  const [searchInUrl, setSearchInUrl] = useState(state.search);
  if (state.search !== searchInUrl) {
    setSearchInUrl(state.search);
    if (state.search !== search.trim()) setSearch(state.search);
  }
  const debouncedSearch = useDebouncedValue(state.search, SEARCH_DEBOUNCE_MS);

  const departments = useDepartments();
  const accounts = useAccounts(apiQuery(state, debouncedSearch));

  const change = (next: Partial<ListState>, { replace = false } = {}) =>
    setParams((previous) => withListChange(previous, next), { replace });

  const sortBy = (column: AccountSort) =>
    change({ sort: column, order: state.sort === column && state.order === 'asc' ? 'desc' : 'asc' });

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

  const sortableHeader = (column: AccountSort, label: string, sx?: object) => (
    <TableCell sx={sx} sortDirection={state.sort === column ? state.order : false}>
      <TableSortLabel
        active={state.sort === column}
        direction={state.sort === column ? state.order : 'asc'}
        onClick={() => sortBy(column)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <Stack
        component="form"
        role="search"
        aria-label={t('list.filters')}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          size="small"
          type="search"
          label={t('list.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            change({ search: event.target.value.trim() }, { replace: true });
          }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label={t('list.department')}
          value={state.department}
          onChange={(event) => change({ department: event.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="">{t('list.allDepartments')}</option>
          {shownDepartments.map((name) => (
            <option key={name} value={name}>
              {departmentLabel(name, departments.data ?? [])}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('list.status')}
          value={state.status}
          onChange={(event) => change({ status: event.target.value as ListState['status'] })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          <option value="">{t('list.allStatuses')}</option>
          <option value="CONFIRMED">{t('status.CONFIRMED')}</option>
          <option value="FORCE_CHANGE_PASSWORD">{t('status.FORCE_CHANGE_PASSWORD')}</option>
          <option value="RESET_REQUIRED">{t('status.RESET_REQUIRED')}</option>
          <option value="DISABLED">{t('list.disabledFilter')}</option>
        </TextField>
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
      </Stack>
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
            <TablePagination
              component="div"
              count={data.total}
              page={Math.min(state.page - 1, Math.max(Math.ceil(data.total / state.pageSize) - 1, 0))}
              rowsPerPage={state.pageSize}
              rowsPerPageOptions={[...PAGE_SIZES]}
              onPageChange={(_, next) => change({ page: next + 1 })}
              onRowsPerPageChange={(event) => change({ pageSize: Number(event.target.value) })}
              labelRowsPerPage={t('rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
              getItemAriaLabel={(type) => t(`pagination.${type}`)}
              // On a phone the controls wrap under each other instead of running off the edge.
              sx={{
                '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 0, sm: 2 } },
                '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
              }}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
