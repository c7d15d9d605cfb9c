import DownloadIcon from '@mui/icons-material/Download';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { ActivityEntry } from '@staff-portal/shared/it-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/error-text';
import { reportError } from '../../../lib/report-error';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useExportActivity } from '../api/export-activity';
import { useActivity } from '../api/get-activity';
import { ACTIVITY_AREAS } from '@staff-portal/shared/it-admin';
import { actionsOf, isActivityArea, whoOf } from '../activity-choices';
import { useActivityWords } from '../activity-words';
import { ACTIVITY_FIELDS, activityFilters } from '../filters';
import type { ActivityField } from '../filters';
import { formatInstant } from '../format';
import { useUrlFilters } from '../use-url-filters';
import { ActivityDrawer } from './activity-drawer';
import { LoadMore } from './load-more';
import { itAdminNs } from '../../../locales/it-admin';

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
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const errorText = useErrorText();
  const form = useUrlFilters(ACTIVITY_FIELDS);
  const { filters, problems } = activityFilters(form.debounced);
  const valid = Object.keys(problems).length === 0;
  const activity = useActivity(filters, { enabled: valid });
  const [open, setOpen] = useState<ActivityEntry | null>(null);
  const exportActivity = useExportActivity();
  const [exporting, setExporting] = useState(false);
  // The export takes the filters as they are typed now, not as they were a pause ago.
  const current = activityFilters(form.values);
  const exportable = Object.keys(current.problems).length === 0;

  const problemText = (field: ActivityField) => {
    const problem = problems[field];
    return problem === undefined ? undefined : errorText({ message: '', detail: problem });
  };
  const text = (field: ActivityField, label: string) => (
    <TextField
      size="small"
      label={label}
      value={form.values[field]}
      onChange={(event) => form.set(field, event.target.value)}
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
      <Box
        component="form"
        role="search"
        aria-label={t('activity.filters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          mb: 2,
        }}
      >
        {text('user', t('activity.user'))}
        <TextField
          select
          size="small"
          label={t('activity.source')}
          value={form.values.source}
          onChange={(event) => form.set('source', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('all')}</option>
          <option value="log">{t('activity.sourceOptions.log')}</option>
          <option value="audit">{t('activity.sourceOptions.audit')}</option>
        </TextField>
        <TextField
          select
          size="small"
          label={t('activity.area')}
          value={form.values.area}
          // An action of another area would match nothing: the choice of area clears it.
          onChange={(event) => {
            const area = event.target.value;
            const keep = actionsOf(area).some((action) => action === form.values.action);
            form.setMany({ area, ...(keep ? {} : { action: '' }) });
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('all')}</option>
          {ACTIVITY_AREAS.map((area) => (
            <option key={area} value={area}>
              {words.area(area)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('activity.action')}
          value={form.values.action}
          onChange={(event) => form.set('action', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">
            {isActivityArea(form.values.area)
              ? t('activity.anyActionOf', { area: words.area(form.values.area) })
              : t('activity.anyAction')}
          </option>
          {isActivityArea(form.values.area)
            ? actionsOf(form.values.area).map((action) => (
                <option key={action} value={action}>
                  {words.action(action)}
                </option>
              ))
            : ACTIVITY_AREAS.map((area) => (
                <optgroup key={area} label={words.area(area)}>
                  {actionsOf(area).map((action) => (
                    <option key={action} value={action}>
                      {words.action(action)}
                    </option>
                  ))}
                </optgroup>
              ))}
        </TextField>
        <DateField
          size="small"
          label={t('activity.from')}
          value={form.values.from}
          onChange={(value) => form.set('from', value)}
          error={problems.from !== undefined}
          helperText={problemText('from')}
          max={form.values.to}
        />
        <DateField
          size="small"
          label={t('activity.to')}
          value={form.values.to}
          onChange={(value) => form.set('to', value)}
          error={problems.to !== undefined}
          helperText={problemText('to')}
          min={form.values.from}
        />
        <Box sx={{ gridColumn: { sm: 'span 2' }, display: 'grid' }}>{text('q', t('activity.search'))}</Box>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={!exportable || exporting}
          onClick={() => void download()}
        >
          {exporting ? t('activity.exporting') : t('activity.exportCsv')}
        </Button>
        {form.filtering && (
          <Button variant="text" onClick={form.clear}>
            {t('clearFilters')}
          </Button>
        )}
      </Stack>
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
