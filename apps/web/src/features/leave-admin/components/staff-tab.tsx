import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { QueryState } from '../../../components/query-state';
import { useAllStaff, useStaffSearch } from '../api/search-staff';
import { AddStaffRecordDialog } from './add-staff-record-dialog';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * Staff leave records: search by name, e-mail or id, filter by department, paged; a row opens the
 * record. A record is added here for someone who has none.
 */
export function StaffTab() {
  const { t } = useTranslation(leaveAdminNs);
  const [params, setParams] = useUrlSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);
  const department = params.get('department') ?? '';
  const page = Math.max(Number(params.get('page') ?? '1') || 1, 1);
  const pageSizeParam = Number(params.get('pageSize') ?? '20');
  const pageSize = PAGE_SIZES.includes(pageSizeParam) ? pageSizeParam : 20;
  const [adding, setAdding] = useState(false);
  const everyone = useAllStaff();
  const departments = [...new Set((everyone.data ?? []).map((s) => s.departmentCode))].sort();
  const staff = useStaffSearch({
    search: debounced === '' ? undefined : debounced,
    department: department === '' ? undefined : department,
    page,
    pageSize,
  });

  const setParam = (name: string, value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === '') next.delete(name);
      else next.set(name, value);
      if (name !== 'page') next.delete('page');
      return next;
    });

  return (
    <>
      <Stack
        component="form"
        role="search"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2 }}
        onSubmit={(event) => event.preventDefault()}
      >
        <TextField
          size="small"
          type="search"
          label={t('staff.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setParam('search', event.target.value.trim());
          }}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label={t('staff.department')}
          value={department}
          onChange={(event) => setParam('department', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <option value="">{t('all')}</option>
          {departments.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setAdding(true)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {t('addStaff.open')}
        </Button>
      </Stack>
      <AddStaffRecordDialog open={adding} onClose={() => setAdding(false)} />
      <QueryState query={staff} isEmpty={(data) => data.items.length === 0} emptyText={t('staff.empty')}>
        {(data) => (
          <>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('tabs.staff')}>
                <TableHead>
                  <TableRow>
                    {/* A phone shows the name (the record it opens has the id) and the department. */}
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('staff.columns.staffId')}
                    </TableCell>
                    <TableCell>{t('staff.columns.name')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('staff.columns.email')}</TableCell>
                    <TableCell>{t('staff.columns.department')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('staff.columns.approver')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((person) => (
                    <TableRow key={person.staffId} hover>
                      <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                        {person.staffId}
                      </TableCell>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/shared/hr-services/leave/admin/${encodeURIComponent(person.staffId)}`}
                          aria-label={t('staff.open', { name: person.displayName })}
                        >
                          {person.displayName}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>
                        {person.email}
                      </TableCell>
                      <TableCell>{person.departmentCode}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {person.approverName ?? '-'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={Math.max(page - 1, 0)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={PAGE_SIZES}
              onPageChange={(_, next) => setParam('page', String(next + 1))}
              onRowsPerPageChange={(event) => setParam('pageSize', event.target.value)}
              labelRowsPerPage={t('rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
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
