import {
  ENCODING_WARNING_KINDS,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_TEMPLATE,
  MEMBER_FILE_ENCODINGS,
  problemsCsv,
  readMemberCsv,
  type EncodingWarning,
  type ImportLine,
  type ImportMode,
  type MemberFileEncoding,
  type MemberCsvProblem,
  type MemberCsvRow,
  type MemberImportPreview,
  type RowProblem,
} from '@staff-portal/shared/ir-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download';
import { reasonText } from '../../../lib/error-text';
import { errorText } from '../../../lib/error-text';
import { irAdminNs } from '../../../locales/ir-admin';
import { useImportMembers, usePreviewImport } from '../api/ir-admin-api';
import { SelectField } from '../../../components/select-field';

/** Problems shown on the page; the downloadable report has every one. */
const SHOWN_PROBLEMS = 200;
const SHOWN_UPDATE_LINES = 30;

type State =
  | { step: 'choose' }
  | { step: 'reading'; rows: number }
  | { step: 'fileProblem'; problem: MemberCsvProblem }
  | { step: 'checkFailed'; message: string }
  | { step: 'checking'; rows: number }
  | { step: 'preview'; rows: MemberCsvRow[]; preview: MemberImportPreview; failure?: string }
  | { step: 'importing'; done: number; total: number }
  | { step: 'finished'; result: ImportLine };

/**
 * Members from a CSV file (docs/product/screens.md §12, decision record 0045): read in the
 * browser, checked by the server with nothing written, then imported in one transaction with a
 * progress bar; the problems download as a CSV report (line, field, message).
 */
export function ImportTab({ canAdminister }: { canAdminister: boolean }) {
  const { t } = useTranslation(irAdminNs);
  const preview = usePreviewImport();
  const importMembers = useImportMembers();
  const [state, setState] = useState<State>({ step: 'choose' });
  const [chosen, setChosen] = useState<{ file: File; encoding: MemberFileEncoding } | null>(null);

  if (!canAdminister) return <Alert severity="info">{t('import.onlyAdmins')}</Alert>;

  /** Reads the file in `encoding` and has the server check its rows (docs/product/screens.md §12). */
  const readAndCheck = async (file: File, encoding: MemberFileEncoding) => {
    setChosen({ file, encoding });
    setState({ step: 'reading', rows: 0 });
    const read = await readMemberCsv(file, (rows) => setState({ step: 'reading', rows }), encoding);
    if (!read.ok) {
      setState({ step: 'fileProblem', problem: read.problem });
      return;
    }
    setState({ step: 'checking', rows: read.rows.length });
    try {
      setState({ step: 'preview', rows: read.rows, preview: await preview.mutateAsync(read.rows) });
    } catch (error) {
      setState({ step: 'checkFailed', message: error instanceof Error ? errorText(error) : String(error) });
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    await readAndCheck(file, 'utf-8');
  };

  const run = async (mode: ImportMode, rows: MemberCsvRow[], checked: MemberImportPreview) => {
    setState({ step: 'importing', done: 0, total: checked.valid });
    try {
      const result = await importMembers(mode, rows, (line) => {
        if (line.type === 'progress') setState({ step: 'importing', done: line.done, total: line.total });
      });
      setState({ step: 'finished', result });
    } catch (error) {
      setState({
        step: 'preview',
        rows,
        preview: checked,
        failure: error instanceof Error ? errorText(error) : String(error),
      });
    }
  };

  const picker = (
    <Button variant={state.step === 'choose' ? 'contained' : 'outlined'} component="label">
      {state.step === 'finished' ? t('import.another') : t('import.choose')}
      <input
        hidden
        type="file"
        accept=".csv,text/csv"
        aria-label={t('import.choose')}
        onChange={(e) => void choose(e)}
      />
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {t('import.intro', { columns: MEMBER_CSV_COLUMNS.join(',') })} {t('import.cells')}
      </Typography>
      <Link
        component="button"
        type="button"
        onClick={() => downloadText(MEMBER_CSV_TEMPLATE, `${t('import.templateFileName')}.csv`)}
      >
        {t('import.template')}
      </Link>
      {(state.step === 'choose' ||
        state.step === 'fileProblem' ||
        state.step === 'checkFailed' ||
        state.step === 'preview') &&
        picker}
      {state.step === 'checkFailed' && <Alert severity="error">{state.message}</Alert>}
      {state.step === 'reading' && <Progress label={t('import.reading', { count: state.rows })} />}
      {state.step === 'checking' && <Progress label={t('import.checking', { count: state.rows })} />}
      {state.step === 'fileProblem' && <Alert severity="error">{fileProblemText(t, state.problem)}</Alert>}
      {state.step === 'preview' && (
        <>
          {state.failure && <Alert severity="error">{state.failure}</Alert>}
          <Alert severity={state.preview.problems.length > 0 ? 'warning' : 'success'}>
            {t('import.summary', {
              total: state.preview.total,
              creates: state.preview.creates,
              updates: state.preview.updates,
              problems: new Set(state.preview.problems.map((problem) => problem.line)).size,
            })}
          </Alert>
          {chosen !== null && (state.preview.encodingWarnings.length > 0 || chosen.encoding !== 'utf-8') && (
            <EncodingCheck
              warnings={state.preview.encodingWarnings}
              encoding={chosen.encoding}
              onEncoding={(encoding) => void readAndCheck(chosen.file, encoding)}
            />
          )}
          {state.preview.updateLines.length > 0 && (
            <Typography variant="body2">
              {t('import.updates', {
                lines:
                  state.preview.updateLines.slice(0, SHOWN_UPDATE_LINES).join(', ') +
                  (state.preview.updateLines.length > SHOWN_UPDATE_LINES ? ', …' : ''),
              })}
            </Typography>
          )}
          <Problems problems={state.preview.problems} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {(() => {
              const { rows, preview: checked } = state;
              return (
                <>
                  <Button
                    variant="contained"
                    disabled={checked.valid === 0}
                    onClick={() => void run('valid', rows, checked)}
                  >
                    {t('import.importValid')}
                  </Button>
                  <Button variant="outlined" onClick={() => void run('all', rows, checked)}>
                    {t('import.importAll')}
                  </Button>
                </>
              );
            })()}
          </Stack>
        </>
      )}
      {state.step === 'importing' && (
        <Progress
          label={t('import.importing', { done: state.done, total: state.total })}
          value={state.total === 0 ? 0 : (100 * state.done) / state.total}
        />
      )}
      {state.step === 'finished' &&
        (state.result.type === 'done' ? (
          <>
            <Alert severity="success">
              {t('import.done', {
                created: state.result.created,
                updated: state.result.updated,
                refused: state.result.refused,
              })}
            </Alert>
            <Problems problems={state.result.problems} />
          </>
        ) : (
          <Alert severity="error">{t('import.failed')}</Alert>
        ))}
      {state.step === 'finished' && picker}
    </Stack>
  );
}

/** Cells shown as examples of text that looks wrongly encoded; the preview lists up to 200. */
const SHOWN_ENCODING_WARNINGS = 5;

/**
 * Text that looks wrongly encoded, with what to do about each kind found, and the encoding the
 * file is read in, to read it again in another (docs/product/screens.md §12).
 */
function EncodingCheck({
  warnings,
  encoding,
  onEncoding,
}: {
  warnings: EncodingWarning[];
  encoding: MemberFileEncoding;
  onEncoding: (encoding: MemberFileEncoding) => void;
}) {
  const { t } = useTranslation(irAdminNs);
  const kinds = ENCODING_WARNING_KINDS.filter((kind) => warnings.some((warning) => warning.kind === kind));
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      {warnings.length > 0 && (
        <Alert severity="warning">
          <Typography variant="body2">{t('import.encoding.intro')}</Typography>
          <Box component="ul" sx={{ my: 1, pl: 3 }}>
            {warnings.slice(0, SHOWN_ENCODING_WARNINGS).map((warning) => (
              <li key={`${warning.line}-${warning.field}`}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {t('import.encoding.cell', { line: warning.line, field: warning.field, text: warning.text })}
                </Typography>
              </li>
            ))}
          </Box>
          {kinds.map((kind) => (
            <Typography key={kind} variant="body2">
              {t(`import.encoding.${kind}`)}
            </Typography>
          ))}
        </Alert>
      )}
      <SelectField<MemberFileEncoding>
        size="small"
        label={t('import.encoding.label')}
        value={encoding}
        onChange={onEncoding}
        options={MEMBER_FILE_ENCODINGS.map((option) => ({ value: option, label: t(`import.encoding.${option}`) }))}
        sx={{ maxWidth: 320 }}
      />
    </Stack>
  );
}

function Progress({ label, value }: { label: string; value?: number }) {
  return (
    <Box sx={{ width: '100%' }}>
      <Typography variant="body2" id="ir-import-progress">
        {label}
      </Typography>
      <LinearProgress
        aria-labelledby="ir-import-progress"
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        {...(value === undefined ? {} : { value })}
      />
    </Box>
  );
}

function Problems({ problems }: { problems: RowProblem[] }) {
  const { t } = useTranslation(irAdminNs);
  if (problems.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        onClick={() =>
          downloadText(
            problemsCsv(problems.map((problem) => ({ ...problem, message: reasonText(problem) }))),
            'member-import-errors.csv',
          )
        }
      >
        {t('import.report')}
      </Button>
      {problems.length > SHOWN_PROBLEMS && (
        <Typography variant="body2">
          {t('import.moreProblems', { shown: SHOWN_PROBLEMS, count: problems.length })}
        </Typography>
      )}
      <Table size="small" aria-label={t('import.problemsTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('import.line')}</TableCell>
            <TableCell>{t('import.field')}</TableCell>
            <TableCell>{t('import.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
            <TableRow key={`${problem.line}-${problem.field}-${index}`}>
              <TableCell>{problem.line}</TableCell>
              <TableCell>{problem.field}</TableCell>
              <TableCell>{reasonText(problem)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function fileProblemText(
  t: ReturnType<typeof useTranslation<typeof irAdminNs>>['t'],
  problem: MemberCsvProblem,
): string {
  switch (problem.kind) {
    case 'empty':
      return t('import.fileProblem.empty');
    case 'header':
      return t('import.fileProblem.header', { missing: problem.missing.join(', ') });
    case 'malformed':
      return t('import.fileProblem.malformed', { line: problem.line });
    case 'tooManyRows':
      return t('import.fileProblem.tooManyRows', { maximum: problem.maximum });
  }
}
