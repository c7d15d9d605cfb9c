import DownloadIcon from '@mui/icons-material/Download';
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
import type { ActivityEntry } from '@staff-portal/shared/it-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { ListFilters } from '../../../components/list/list-filters';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/error-text';
import { SEARCH_DELAY_MS, useListParams, useTextParam } from '../../../lib/use-list-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { reportError } from '../../../lib/report-error';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';
import { ACTIVITY_AREAS } from '@staff-portal/shared/it-admin';
import { actionsOf, isActivityArea, whoOf } from '../activity-choices';
import { useActivityWords } from '../activity-words';
import { ACTIVITY_FIELDS, activityFilters, filterValues, keptInUrl } from '../filters';
import type { ActivityField, FilterValues } from '../filters';
import { formatInstant } from '../format';
import { ActivityDrawer } from './activity-drawer';
import { LoadMore } from './load-more';
import { itAdminNs } from '../../../locales/it-admin';
import { SelectField } from '../../../components/select-field';

/** An e-mail may break after its @ rather than anywhere. */
function Breakable({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** Columns a phone does without (the entry's details have them). */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The activity explorer (docs/product/screens.md §15): sign-ins, sign-outs and audited changes,
 * newest first, filtered by what the URL says, a page at a time. A row opens its details; the
 * filtered list downloads as CSV.
 */
export function ActivityTab() {
  const { t } = useTranslation(itAdminNs);
  const words = useActivityWords();
  const actionOptions = (area: string) =>
    actionsOf(area).map((action) => ({ value: action, label: words.action(action) }));
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const errorText = useErrorText();
  const { params, settled, change } = useListParams();
  // Every change of these filters replaces the address, a choice as typing does: none is a step
  // to go back to.
  const set = (changes: Record<string, string>) => change(changes, { replace: true });
  const [user, setUser] = useTextParam(params, 'user', change);
  const [q, setQ] = useTextParam(params, 'q', change);
  // A date is kept in the URL only once it is whole (keptInUrl); one being typed stays in its box.
  const [from, setFrom] = useTextParam(params, 'from', change, (date) => (keptInUrl('from', date) ? date : ''));
  const [to, setTo] = useTextParam(params, 'to', change, (date) => (keptInUrl('to', date) ? date : ''));
  // The form's values now: the lists as the URL has them (one it cannot have is none), the boxes as typed.
  const values: FilterValues<ActivityField> = { ...filterValues(ACTIVITY_FIELDS, params), user, q, from, to };
  // The list asks for the URL once it settles, with a date still being typed (kept out of the URL
  // by keptInUrl), so that it is flagged at its field and nothing is asked for it.
  const settledFrom = useDebouncedValue(from, SEARCH_DELAY_MS);
  const settledTo = useDebouncedValue(to, SEARCH_DELAY_MS);
  const { filters, problems } = activityFilters({
    ...filterValues(ACTIVITY_FIELDS, settled),
    from: settledFrom,
    to: settledTo,
  });
  const valid = Object.keys(problems).length === 0;
  const activity = useActivity(filters, { enabled: valid });
  const [open, setOpen] = useState<ActivityEntry | null>(null);
  const exportActivity = useExportActivity();
  const [exporting, setExporting] = useState(false);
  // The export takes the filters as they are typed now, not as they were a pause ago.
  const current = activityFilters(values);
  const exportable = Object.keys(current.problems).length === 0;

  const filtering = ACTIVITY_FIELDS.some((field) => values[field] !== '');
  // How many of the filters that fold away on a phone are set: all but the search.
  const folded = ACTIVITY_FIELDS.filter((field) => field !== 'q' && values[field].trim() !== '').length;
  const clear = () => {
    // The boxes empty what they hold, typed or in the URL; the lists go with them.
    setUser('');
    setQ('');
    setFrom('');
    setTo('');
    set({ source: '', area: '', action: '' });
  };

  const problemText = (field: ActivityField) => {
    const problem = problems[field];
    return problem === undefined ? undefined : errorText({ message: '', detail: problem });
  };
  const text = (field: 'user' | 'q', label: string, value: string, onChange: (value: string) => void) => (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problems[field] !== undefined}
      helperText={problemText(field)}
      type={field === 'q' ? 'search' : 'text'}
      sx={{ minWidth: 0 }}
    />
  );

  const download = async () => {
    setExporting(true);
    try {
      await exportActivity(current.filters, `${t('activity.fileName')}.csv`);
      notify({ message: t('activity.exported'), severity: 'success' });
    } catch (error) {
      if (isAppError(error)) reportError(error, notify);
      else throw error;
    } finally {
      setExporting(false);
    }
  };

  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <ListFilters
        label={t('activity.filters')}
        search={text('q', t('activity.search'), q, setQ)}
        activeCount={folded}
        unfold={Object.keys(current.problems).some((field) => field !== 'q')}
        actions={
          <>
            {filtering && (
              <Button variant="text" onClick={clear}>
                {t('clearFilters')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!exportable || exporting}
              onClick={() => void download()}
            >
              {exporting ? t('activity.exporting') : t('activity.exportCsv')}
            </Button>
          </>
        }
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {text('user', t('activity.user'), user, setUser)}
        <SelectField
          size="small"
          label={t('activity.source')}
          value={values.source}
          onChange={(source) => set({ source })}
          options={[
            { value: '', label: t('all') },
            { value: 'log', label: t('activity.sourceOptions.log') },
            { value: 'audit', label: t('activity.sourceOptions.audit') },
          ]}
        />
        <SelectField
          size="small"
          label={t('activity.area')}
          value={values.area}
          // An action of another area would match nothing: the choice of area clears it.
          onChange={(area) => {
            const keep = actionsOf(area).some((action) => action === values.action);
            set({ area, ...(keep ? {} : { action: '' }) });
          }}
          options={[
            { value: '', label: t('all') },
            ...ACTIVITY_AREAS.map((area) => ({ value: area, label: words.area(area) })),
          ]}
        />
        <SelectField
          size="small"
          label={t('activity.action')}
          value={values.action}
          onChange={(action) => set({ action })}
          options={[
            {
              value: '',
              label: isActivityArea(values.area)
                ? t('activity.anyActionOf', { area: words.area(values.area) })
                : t('activity.anyAction'),
            },
            ...(isActivityArea(values.area)
              ? actionOptions(values.area)
              : ACTIVITY_AREAS.map((area) => ({ group: words.area(area), options: actionOptions(area) }))),
          ]}
        />
        <DateField
          size="small"
          label={t('activity.from')}
          value={values.from}
          onChange={setFrom}
          error={problems.from !== undefined}
          helperText={problemText('from')}
          max={values.to}
        />
        <DateField
          size="small"
          label={t('activity.to')}
          value={values.to}
          onChange={setTo}
          error={problems.to !== undefined}
          helperText={problemText('to')}
          min={values.from}
        />
      </ListFilters>
      {!valid && activity.data === undefined ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('fixFilters')}
        </Typography>
      ) : (
        <QueryState
          query={activity}
          isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
          emptyText={t('activity.empty')}
        >
          {() => (
            <>
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('tabs.activity')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('activity.columns.time')}</TableCell>
                      <TableCell>{t('activity.columns.user')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('activity.columns.source')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('activity.columns.area')}</TableCell>
                      <TableCell>{t('activity.columns.action')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('activity.columns.target')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {entries.map((entry) => {
                      const time = formatInstant(entry.at, organisation.timeZone);
                      const who = whoOf(entry);
                      const action = words.entryAction(entry);
                      return (
                        <TableRow key={entry.id} hover onClick={() => setOpen(entry)} sx={{ cursor: 'pointer' }}>
                          <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
                            {/* The row opens on a click; this is its way in for a keyboard and a screen reader. */}
                            <Link
                              component="button"
                              type="button"
                              onClick={(event) => {
                                event.stopPropagation();
                                setOpen(entry);
                              }}
                              aria-label={t('activity.open', { action, user: who.name, time })}
                              sx={{ textAlign: 'left' }}
                            >
                              {time}
                            </Link>
                          </TableCell>
                          <TableCell sx={{ overflowWrap: 'break-word' }}>
                            <Breakable text={who.name} />
                            {who.email !== null && (
                              // A phone shows the name alone; the entry's details have the e-mail.
                              <Typography
                                component="span"
                                variant="body2"
                                color="text.secondary"
                                sx={{ display: { xs: 'none', sm: 'block' } }}
                              >
                                <Breakable text={who.email} />
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell sx={WIDE_ONLY}>{t(`activity.sources.${entry.source}`)}</TableCell>
                          <TableCell sx={WIDE_ONLY}>{words.area(entry.area)}</TableCell>
                          <TableCell sx={{ overflowWrap: 'break-word' }}>{action}</TableCell>
                          <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                            {entry.targetLabel ?? t('none')}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              <LoadMore
                shownText={t('activity.shown', { count: entries.length })}
                hasMore={activity.hasNextPage}
                loading={activity.isFetchingNextPage}
                onLoad={() => void activity.fetchNextPage()}
              />
            </>
          )}
        </QueryState>
      )}
      <ActivityDrawer entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
