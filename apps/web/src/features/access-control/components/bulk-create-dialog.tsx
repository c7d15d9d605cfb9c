import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
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
import type { BulkPreview } from '@staff-portal/shared/access-control-bulk';
import { BULK_CSV_TEMPLATE, readBulkCsv, type BulkFileProblem } from '@staff-portal/shared/access-control-csv';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuietApiClient } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download';
import { errorText, useErrorText } from '../../../lib/error-text';
import { accessControlKeys } from '../api/access-control-keys';
import { createAccount } from '../api/create-account';
import { usePreviewBulk } from '../api/preview-bulk';
import type { ErrorReason } from '@staff-portal/shared/error-reasons';
import { runBulkCreate, reportCsv, skippedOutcomes, type BulkOutcome, type RowError } from './bulk-create-run';
import { accessControlNs } from '../../../locales/access-control';

type Phase =
  | { kind: 'choose' }
  | { kind: 'fileProblem'; problem: BulkFileProblem }
  | { kind: 'preview'; preview: BulkPreview }
  | { kind: 'creating'; outcomes: BulkOutcome[]; done: number; total: number }
  | { kind: 'report'; outcomes: BulkOutcome[]; stoppedBy: 'user' | RowError | null };

const CHOOSE: Phase = { kind: 'choose' };

/** Reasons whose words fit any field ("This is required."): a row's problem then names its column. */
const SAID_OF_ANY_FIELD: ReadonlySet<ErrorReason> = new Set([
  'required',
  'invalidValue',
  'invalidChoice',
  'invalidFormat',
  'tooShort',
  'tooLong',
  'nulText',
  'illFormedText',
]);

/** The chosen file's text, read as UTF-8 (a byte-order mark is left for the reader to drop). */
const textOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file cannot be read.'));
    reader.readAsText(file);
  });

/**
 * Creates accounts from a CSV file (docs/product/screens.md §14): the file is read here, its
 * rows checked by the server without writing anything and shown with their problems; the rows
 * without one are then created one by one through the single create, with a progress bar and a
 * stop. The end is a report of every row (created, failed and why, skipped, not created), which
 * can be downloaded.
 */
export function BulkCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(accessControlNs);
  const word = useErrorText();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const titleId = useId();
  const introId = useId();
  const queryClient = useQueryClient();
  // Each row's failure is in the report; the notification would only repeat it, row after row.
  const { leave } = useQuietApiClient();
  const preview = usePreviewBulk();
  const [phase, setPhase] = useState<Phase>(CHOOSE);
  const [fileName, setFileName] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const stopRequested = useRef(false);
  // Waiting out the server's limit of changes a minute.
  const [paused, setPaused] = useState(false);

  // Leaving the page mid-run stops it after the account being created.
  useEffect(
    () => () => {
      stopRequested.current = true;
    },
    [],
  );

  const running = phase.kind === 'creating';
  const close = () => {
    if (running) return;
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (file === undefined) return;
    setFileName(file.name);
    setPhase(CHOOSE);
    const read = readBulkCsv(await textOf(file));
    if (!read.ok) {
      setPhase({ kind: 'fileProblem', problem: read.problem });
      return;
    }
    try {
      setPhase({ kind: 'preview', preview: await preview.mutateAsync({ rows: read.rows }) });
    } catch {
      // The notification says why; the file can be chosen again.
      setPhase(CHOOSE);
    }
  };

  const create = async (checked: BulkPreview) => {
    stopRequested.current = false;
    setStopping(false);
    setPaused(false);
    setPhase({ kind: 'creating', outcomes: skippedOutcomes(checked.rows), done: 0, total: checked.ready });
    const result = await runBulkCreate({
      rows: checked.rows,
      create: (input) => createAccount(leave, input),
      stopRequested: () => stopRequested.current,
      onProgress: (outcomes, done) => setPhase({ kind: 'creating', outcomes, done, total: checked.ready }),
      onPause: setPaused,
    });
    if (result.outcomes.some((outcome) => outcome.outcome === 'created')) {
      void queryClient.invalidateQueries({ queryKey: accessControlKeys.all });
    }
    setPhase({ kind: 'report', outcomes: result.outcomes, stoppedBy: result.stoppedBy });
  };

  /** A problem of one column names it (docs/product/screens.md §14: "Name is required.", not "This is required."). */
  const rowErrorText = (error: RowError) => {
    const text = errorText(error);
    const reason = error.detail?.reason;
    if (error.column === undefined || error.column === null || reason === undefined || !SAID_OF_ANY_FIELD.has(reason)) {
      return text;
    }
    const column = t(`bulk.columns.${error.column}`);
    return reason === 'required'
      ? t('bulk.columnRequired', { column })
      : t('bulk.columnProblem', { column, problem: text });
  };

  const reasonOf = (outcome: BulkOutcome) =>
    outcome.outcome === 'notAttempted' ? t('bulk.notAttemptedReason') : outcome.errors.map(rowErrorText).join(' ');

  const downloadReport = (outcomes: BulkOutcome[]) =>
    downloadText(reportCsv(outcomes, reasonOf), `${t('bulk.reportFileName')}.csv`);

  const rowsShown: { outcomes: BulkOutcome[]; final: boolean } | null =
    phase.kind === 'preview'
      ? { outcomes: skippedOutcomes(phase.preview.rows), final: false }
      : phase.kind === 'creating'
        ? { outcomes: phase.outcomes, final: false }
        : phase.kind === 'report'
          ? { outcomes: phase.outcomes, final: true }
          : null;

  const resultCell = (outcome: BulkOutcome, final: boolean) => {
    if (outcome.outcome === 'created') return <Typography variant="body2">{t('bulk.outcome.created')}</Typography>;
    if (outcome.outcome === 'notAttempted') {
      return (
        <Typography variant="body2" color={final ? 'text.secondary' : undefined}>
          {final ? `${t('bulk.outcome.notAttempted')}: ${t('bulk.notAttemptedReason')}` : t('bulk.ready')}
        </Typography>
      );
    }
    const label = outcome.outcome === 'failed' ? t('bulk.outcome.failed') : t('bulk.outcome.skipped');
    return (
      <Typography variant="body2" color="error">
        {`${label}: ${outcome.errors.map(rowErrorText).join(' ')}`}
      </Typography>
    );
  };

  const counts = (outcomes: BulkOutcome[]) => ({
    created: outcomes.filter((o) => o.outcome === 'created').length,
    failed: outcomes.filter((o) => o.outcome === 'failed').length,
    skipped: outcomes.filter((o) => o.outcome === 'skipped').length,
    notAttempted: outcomes.filter((o) => o.outcome === 'notAttempted').length,
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="lg"
      slotProps={{
        transition: {
          onExited: () => {
            setPhase(CHOOSE);
            setFileName(null);
            preview.reset();
          },
        },
      }}
    >
      <DialogTitle id={titleId}>{t('bulk.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={introId} sx={{ mb: 1 }}>
          {t('bulk.intro')}
        </DialogContentText>
        <Link
          component="button"
          type="button"
          onClick={() => downloadText(BULK_CSV_TEMPLATE, `${t('bulk.templateFileName')}.csv`)}
        >
          {t('bulk.template')}
        </Link>

        {(phase.kind === 'choose' || phase.kind === 'fileProblem' || phase.kind === 'preview') && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              disabled={preview.isPending}
              sx={{ flexShrink: 0 }}
            >
              {phase.kind === 'choose' ? t('bulk.choose') : t('bulk.another')}
              <input
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  // The same file may be chosen again after it was corrected.
                  event.target.value = '';
                  void choose(file);
                }}
              />
            </Button>
            {fileName !== null && <Typography variant="body2">{t('bulk.file', { name: fileName })}</Typography>}
            {preview.isPending && (
              <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
                <CircularProgress size={16} />
                <Typography variant="body2">{t('bulk.checking')}</Typography>
              </Stack>
            )}
          </Stack>
        )}

        {phase.kind === 'fileProblem' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {word({ message: phase.problem.message, detail: phase.problem })}
          </Alert>
        )}

        {phase.kind === 'preview' && (
          <Typography sx={{ mt: 2 }} aria-live="polite">
            {phase.preview.ready === 0
              ? t('bulk.nothingReady')
              : t('bulk.summary', { count: phase.preview.ready, total: phase.preview.rows.length })}
          </Typography>
        )}

        {phase.kind === 'creating' && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {stopping ? t('bulk.stopping') : t('bulk.creating', { done: phase.done, total: phase.total })}
            </Typography>
            {paused && !stopping && (
              <Typography variant="body2" role="status" sx={{ mb: 1 }}>
                {t('bulk.paused')}
              </Typography>
            )}
            <LinearProgress
              variant="determinate"
              value={phase.total === 0 ? 100 : Math.round((phase.done / phase.total) * 100)}
              aria-label={t('bulk.progress')}
            />
          </Box>
        )}

        {phase.kind === 'report' && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            {phase.stoppedBy !== null && (
              <Alert severity="warning">
                {phase.stoppedBy === 'user'
                  ? t('bulk.stopped')
                  : t('bulk.stoppedAfterError', { reason: word(phase.stoppedBy) })}
              </Alert>
            )}
            <Alert severity={counts(phase.outcomes).failed > 0 ? 'warning' : 'success'} role="status">
              {t('bulk.report', counts(phase.outcomes))}
            </Alert>
          </Stack>
        )}

        {rowsShown !== null && (
          // A long file scrolls inside the dialog: the region takes the focus, so the keyboard scrolls it.
          <TableContainer sx={{ mt: 2, maxHeight: 420 }} tabIndex={0} role="region" aria-label={t('bulk.table')}>
            <Table size="small" stickyHeader aria-label={t('bulk.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('bulk.columns.line')}</TableCell>
                  <TableCell>{t('bulk.columns.email')}</TableCell>
                  <TableCell>{t('bulk.columns.name')}</TableCell>
                  <TableCell>{t('bulk.columns.departments')}</TableCell>
                  <TableCell>{t('bulk.columns.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rowsShown.outcomes.map((outcome) => (
                  <TableRow key={outcome.row.line}>
                    <TableCell>{outcome.row.line}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{outcome.row.email}</TableCell>
                    <TableCell>{outcome.row.name}</TableCell>
                    <TableCell>
                      {[
                        ...outcome.row.departments,
                        ...outcome.row.unknownDepartments.map((name) => t('bulk.unknownDepartment', { name })),
                      ].join(', ')}
                    </TableCell>
                    <TableCell>{resultCell(outcome, rowsShown.final)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'creating' ? (
          <Button
            onClick={() => {
              stopRequested.current = true;
              setStopping(true);
            }}
            disabled={stopping}
          >
            {t('bulk.stop')}
          </Button>
        ) : (
          <Button onClick={close}>{phase.kind === 'report' ? t('close') : t('cancel')}</Button>
        )}
        {phase.kind === 'preview' && (
          <Button variant="contained" disabled={phase.preview.ready === 0} onClick={() => void create(phase.preview)}>
            {t('bulk.submit', { count: phase.preview.ready })}
          </Button>
        )}
        {phase.kind === 'report' && (
          <Button variant="contained" onClick={() => downloadReport(phase.outcomes)}>
            {t('bulk.download')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
