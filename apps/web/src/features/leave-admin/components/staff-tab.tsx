import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { STAFF_SORTS } from '@staff-portal/shared/leave';
import type { StaffSort } from '@staff-portal/shared/leave';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_DELAY_MS, useListParams, useTextParam } from '../../../lib/use-list-params';
import { ListFilters } from '../../../components/list/list-filters';
import { ListSearchField } from '../../../components/list/list-search-field';
import { ListPagination } from '../../../components/list/list-pagination';
import { sortableHeaders } from '../../../components/list/sortable-header';
import { QueryState } from '../../../components/query-state';
import { useAllStaff, useStaffSearch } from '../api/search-staff';
import { AddStaffRecordDialog } from './add-staff-record-dialog';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

const isSort = (value: string | null): value is StaffSort =>
  (STAFF_SORTS as readonly (string | null)[]).includes(value);

/**
 * Staff leave records: search by name, e-mail or id, filter by department, sorted by a column,
 * paged; a row opens the record. A record is added here for someone who has none.
 */
export function StaffTab() {
  const { t } = useTranslation(leaveAdminNs);
  const { params, change, page } = useListParams();
  const [search, setSearch] = useTextParam(params, 'search', change);
  const debounced = useDebouncedValue((params.get('search') ?? '').trim(), SEARCH_DELAY_MS);
  const department = params.get('department') ?? '';
  const pageSizeParam = Number(params.get('pageSize') ?? DEFAULT_PAGE_SIZE);
  const pageSize = PAGE_SIZES.includes(pageSizeParam) ? pageSizeParam : DEFAULT_PAGE_SIZE;
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const [adding, setAdding] = useState(false);
  const everyone = useAllStaff();
  const departments = [...new Set((everyone.data ?? []).map((s) => s.departmentCode))].sort();
  const staff = useStaffSearch({
    search: debounced === '' ? undefined : debounced,
    department: department === '' ? undefined : department,
    sort,
    order,
    page,
    pageSize,
  });
  const header = sortableHeaders<StaffSort>(sort, order, change);

  return (
    <>
      <ListFilters
        label={t('staff.filters')}
        activeCount={department === '' ? 0 : 1}
        search={<ListSearchField label={t('staff.search')} value={search} onChange={setSearch} />}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setAdding(true)}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('addStaff.open')}
          </Button>
        }
      >
        <SelectField
          size="small"
          label={t('staff.department')}
          value={department}
          onChange={(code) => change({ department: code })}
          options={[{ value: '', label: t('all') }, ...departments.map((code) => ({ value: code, label: code }))]}
          sx={{ minWidth: 180 }}
        />
      </ListFilters>
      <AddStaffRecordDialog open={adding} onClose={() => setAdding(false)} />
      <QueryState query={staff} isEmpty={(data) => data.items.length === 0} emptyText={t('staff.empty')}>
        {(data) => (
          <>
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('tabs.staff')}>
                <TableHead>
                  <TableRow>
                    {/* A phone shows the name (the record it opens has the id) and the department. */}
                    {header('staffId', t('staff.columns.staffId'), { display: { xs: 'none', sm: 'table-cell' } })}
                    {header('name', t('staff.columns.name'))}
                    {header('email', t('staff.columns.email'), { display: { xs: 'none', md: 'table-cell' } })}
                    {header('department', t('staff.columns.department'))}
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
            <ListPagination
              total={data.total}
              page={page}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(next) => change({ page: String(next) })}
              // The usual size is left out of the URL.
              onPageSize={(size) => change({ pageSize: size === DEFAULT_PAGE_SIZE ? '' : String(size) })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
