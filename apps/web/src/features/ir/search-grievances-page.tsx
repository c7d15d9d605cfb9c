import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { CaseSummary } from '@staff-portal/shared/ir';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateField } from '../../components/date-field';
import { ListFilters } from '../../components/list/list-filters';
import { ListSearchField } from '../../components/list/list-search-field';
import { SearchPager } from '../../components/list/search-pager';
import { sortableHeaders } from '../../components/list/sortable-header';
import { useNotification } from '../../components/notification-context';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { errorText, reasonText } from '../../lib/error-text';
import { useExportCases } from './api/export-cases';
import { useCategories } from './api/get-categories';
import { useOfficers } from './api/get-officers';
import { PAGE_SIZE } from './api/ir-keys';
import { useCaseCount } from './api/count-cases';
import { useCaseSearch } from './api/search-cases';
import { caseFilters, caseOrder, CASE_FILTERS, DATE_FILTERS } from './case-filters';
import type { CaseFilter, CaseSort } from './case-filters';
import { CaseStatusChip } from './components/case-status-chip';
import { CASE_STATUS_CODES, caseStatusText, CONTACT_METHOD_CODES, contactMethodText, useIrDate } from './ir-texts';
import { useListParams, useTextParam } from '../../lib/use-list-params';
import { casePath } from './paths';
import type { FromList } from './paths';
import { irNs } from '../../locales/ir';
import { SelectField } from '../../components/select-field';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const HIDDEN_BELOW_DESKTOP = { display: { xs: 'none', md: 'table-cell' } } as const;
const WHOLE_ROW_ON_PHONE = { gridColumn: { xs: 'span 2', sm: 'auto' } } as const;
/** The filters that fold behind the Filters button on a phone: all but the free text. */
const FOLDED_FILTERS = CASE_FILTERS.filter((field) => field !== 'q');

/**
 * `/shared/industrial-relations/grievances` (SearchGrievances, docs/product/screens.md §11):
 * cases by case no, member, status, officer, category, contact method, dates and free text;
 * paged with previous and next, sortable, exported as CSV. The URL keeps all of it.
 */
export function SearchGrievancesPage() {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  const { notify } = useNotification();
  const { params, settled, change, page } = useListParams();
  const [caseNo, setCaseNo] = useTextParam(params, 'caseNo', change);
  const [member, setMember] = useTextParam(params, 'member', change);
  const [q, setQ] = useTextParam(params, 'q', change);
  const officers = useOfficers();
  const categories = useCategories();
  const exportCases = useExportCases();
  const [exporting, setExporting] = useState(false);

  // Problems are said as soon as a field holds them; the list follows once the typing settles.
  const { problems, query: current } = caseFilters(params);
  const { query } = caseFilters(settled);
  const settledPage = Math.max(1, Math.trunc(Number(settled.get('page') ?? '1')) || 1);
  const cases = useCaseSearch({ ...query, page: settledPage, pageSize: PAGE_SIZE }, { enabled: query !== null });
  const { sort: _sort, order: _order, ...countQuery } = query ?? {};
  const counted = useCaseCount(countQuery, { enabled: query !== null });
  const { sort, order } = caseOrder(params);
  const filtering = CASE_FILTERS.some((field) => params.has(field));
  const folded = FOLDED_FILTERS.filter((field) => params.has(field)).length;
  const problem = (field: CaseFilter) => {
    const detail = problems[field];
    return detail === undefined ? undefined : reasonText(detail);
  };
  const select = (field: CaseFilter) => params.get(field) ?? '';
  const fromList: FromList = { listSearch: params.toString() };

  const download = async () => {
    if (current === null) return;
    setExporting(true);
    try {
      await exportCases(current, t('grievances.exportFile'));
      notify({ message: t('grievances.exported'), severity: 'success' });
    } catch (error) {
      notify({ message: isAppError(error) ? errorText(error) : t('case.downloadFailed'), severity: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const header = sortableHeaders<CaseSort>(sort, order, change);

  const table = (items: CaseSummary[]) => (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('grievances.table')}>
        <TableHead>
          <TableRow>
            {header('caseNo', t('grievances.columns.caseNo'))}
            {header('memberName', t('grievances.columns.memberName'), HIDDEN_ON_PHONE)}
            <TableCell sx={HIDDEN_ON_PHONE}>{t('grievances.columns.subject')}</TableCell>
            <TableCell sx={HIDDEN_BELOW_DESKTOP}>{t('grievances.columns.category')}</TableCell>
            {header('status', t('grievances.columns.status'))}
            <TableCell sx={HIDDEN_BELOW_DESKTOP}>{t('grievances.columns.officer')}</TableCell>
            {header('openedOn', t('grievances.columns.openedOn'), HIDDEN_ON_PHONE)}
            {header('closedOn', t('grievances.columns.closedOn'), HIDDEN_BELOW_DESKTOP)}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.caseNo} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link
                  component={RouterLink}
                  to={casePath(item.caseNo)}
                  state={fromList}
                  aria-label={t('grievances.open', { caseNo: item.caseNo })}
                >
                  {item.caseNo}
                </Link>
                {/* On a phone the subject is read under the case number, not squeezed into a column. */}
                <Typography
                  variant="body2"
                  sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'normal', mt: 0.5 }}
                >
                  {item.subject}
                </Typography>
              </TableCell>
              <TableCell sx={HIDDEN_ON_PHONE}>
                {item.memberName}
                <Typography variant="caption" color="text.secondary" component="div">
                  {item.memberNo}
                </Typography>
              </TableCell>
              <TableCell sx={{ ...HIDDEN_ON_PHONE, overflowWrap: 'break-word' }}>{item.subject}</TableCell>
              <TableCell sx={HIDDEN_BELOW_DESKTOP}>{item.categoryName}</TableCell>
              <TableCell>
                <CaseStatusChip status={item.status} />
              </TableCell>
              <TableCell sx={HIDDEN_BELOW_DESKTOP}>{item.officerName ?? t('grievances.noOfficer')}</TableCell>
              <TableCell sx={{ ...HIDDEN_ON_PHONE, whiteSpace: 'nowrap' }}>{day(item.openedOn)}</TableCell>
              <TableCell sx={{ ...HIDDEN_BELOW_DESKTOP, whiteSpace: 'nowrap' }}>{day(item.closedOn)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );

  return (
    <PageFrame title={t('grievances.title')} intro={t('grievances.intro')}>
      <ListFilters
        label={t('grievances.filters')}
        unfold={Object.keys(problems).some((field) => field !== 'q')}
        search={
          <ListSearchField label={t('grievances.q')} value={q} onChange={setQ} problem={problem('q')} maxLength={200} />
        }
        activeCount={folded}
        actions={
          <>
            {filtering && (
              <Button onClick={() => change(Object.fromEntries(CASE_FILTERS.map((field) => [field, ''])))}>
                {t('clear')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<FileDownloadOutlinedIcon />}
              disabled={current === null || exporting}
              onClick={() => void download()}
            >
              {exporting ? t('grievances.exporting') : t('grievances.export')}
            </Button>
          </>
        }
        sx={{
          display: 'grid',
          gap: 2,
          // Two columns from the narrowest phone on: the lists and dates side by side, the text
          // fields across both, so ten filters take six rows rather than ten.
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextField
          size="small"
          label={t('grievances.caseNo')}
          value={caseNo}
          onChange={(event) => setCaseNo(event.target.value)}
          error={problems.caseNo !== undefined}
          helperText={problem('caseNo')}
          slotProps={{ htmlInput: { maxLength: 20 } }}
          sx={WHOLE_ROW_ON_PHONE}
        />
        <TextField
          size="small"
          label={t('grievances.member')}
          value={member}
          onChange={(event) => setMember(event.target.value)}
          error={problems.member !== undefined}
          helperText={problem('member')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={WHOLE_ROW_ON_PHONE}
        />
        <SelectField
          size="small"
          label={t('grievances.status')}
          value={select('status')}
          onChange={(status) => change({ status })}
          options={[
            { value: '', label: t('grievances.allStatuses') },
            ...CASE_STATUS_CODES.map((code) => ({ value: String(code), label: caseStatusText(code) })),
          ]}
        />
        <SelectField
          size="small"
          label={t('grievances.officer')}
          value={select('officer')}
          onChange={(officer) => change({ officer })}
          options={[
            { value: '', label: t('grievances.allOfficers') },
            ...(officers.data ?? []).map((officer) => ({ value: officer.id, label: officer.name })),
          ]}
        />
        <SelectField
          size="small"
          label={t('grievances.category')}
          value={select('category')}
          onChange={(category) => change({ category })}
          options={[
            { value: '', label: t('grievances.allCategories') },
            ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
          ]}
        />
        <SelectField
          size="small"
          label={t('grievances.contactMethod')}
          value={select('contactMethod')}
          onChange={(contactMethod) => change({ contactMethod })}
          options={[
            { value: '', label: t('grievances.allMethods') },
            ...CONTACT_METHOD_CODES.map((code) => ({ value: String(code), label: contactMethodText(code) })),
          ]}
        />
        {DATE_FILTERS.map((field) => (
          <DateField
            key={field}
            size="small"
            label={t(`grievances.${field}`)}
            value={select(field)}
            onChange={(value) => change({ [field]: value }, { replace: true })}
            error={problems[field] !== undefined}
            helperText={problem(field)}
          />
        ))}
      </ListFilters>
      {query === null || current === null ? (
        <Typography color="text.secondary" role="status">
          {t('grievances.fixFilters')}
        </Typography>
      ) : (
        <QueryState query={cases} isEmpty={(data) => data.items.length === 0} emptyText={t('grievances.empty')}>
          {(data) => (
            <>
              {table(data.items)}
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
