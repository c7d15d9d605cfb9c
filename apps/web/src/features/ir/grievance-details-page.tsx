import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { caseNoSchema } from '@staff-portal/shared/ir';
import type { CaseDetail } from '@staff-portal/shared/ir';
import { CASE_STATUS } from '@staff-portal/shared/ir-rules';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { Facts } from '../../components/facts';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useCase } from './api/get-case';
import { ActionTimeline } from './components/action-timeline';
import { AddActionDialog, CloseCaseDialog, ReassignDialog, ReopenCaseDialog } from './components/case-dialogs';
import { CaseStatusChip } from './components/case-status-chip';
import { contactMethodText, useIrDate } from './ir-texts';
import { GRIEVANCES_PATH, listSearchOf, memberPath } from './paths';
import { irNs } from '../../locales/ir';

type Dialog = 'action' | 'close' | 'reopen' | 'reassign' | null;

function CaseView({ detail, back }: { detail: CaseDetail; back: ReactNode }) {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const item = detail.case;
  const pending = item.status === CASE_STATUS.PENDING;
  const closeDialog = () => setDialog(null);
  // Closing or reopening removes the button the dialog came from: the focus goes to the facts.
  const factsHeading = useRef<HTMLHeadingElement>(null);
  const focusFacts = () => factsHeading.current?.focus();
  return (
    <PageFrame title={`${item.caseNo}: ${item.subject}`}>
      {back}
      <Stack spacing={3}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {pending && (
            <Button variant="contained" startIcon={<AddCommentOutlinedIcon />} onClick={() => setDialog('action')}>
              {t('case.addAction.open')}
            </Button>
          )}
          {pending && (
            <Button variant="outlined" startIcon={<LockOutlinedIcon />} onClick={() => setDialog('close')}>
              {t('case.close.open')}
            </Button>
          )}
          {!pending && detail.canAdminister && (
            <Button variant="outlined" startIcon={<LockOpenOutlinedIcon />} onClick={() => setDialog('reopen')}>
              {t('case.reopen.open')}
            </Button>
          )}
          {/* docs/product/ir.md §2: a closed case keeps its officer until it is reopened. */}
          {pending && detail.canAdminister && (
            <Button variant="outlined" startIcon={<SwapHorizOutlinedIcon />} onClick={() => setDialog('reassign')}>
              {t('case.reassign.open')}
            </Button>
          )}
        </Stack>
        {/* docs/product/ir.md §2: only an IR admin reopens a case; the others are told who can. */}
        {!pending && !detail.canAdminister && <Alert severity="info">{t('case.closedAskAdmin')}</Alert>}
        <Paper variant="outlined" component="section" aria-labelledby="case-facts" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography
            id="case-facts"
            ref={factsHeading}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ mb: 2, '&:focus': { outline: 'none' } }}
          >
            {t('case.facts')}
          </Typography>
          <Facts
            facts={[
              [t('case.status'), <CaseStatusChip key="status" status={item.status} />],
              [t('case.caseNo'), item.caseNo],
              [
                t('case.member'),
                <Link key="member" component={RouterLink} to={memberPath(item.memberNo)}>
                  {item.memberName} ({item.memberNo})
                </Link>,
              ],
              [t('case.subject'), item.subject],
              [t('case.category'), item.categoryName],
              [t('case.contactMethod'), contactMethodText(item.contactMethod)],
              [t('case.officer'), item.officerName ?? t('grievances.noOfficer')],
              [t('case.openedOn'), day(item.openedOn)],
              [t('case.openedBy'), item.openedByName],
              ...(item.closedOn === null ? [] : ([[t('case.closedOn'), day(item.closedOn)]] as const)),
              ...(item.outcome === null
                ? []
                : ([[t('case.outcome'), <span style={{ whiteSpace: 'pre-wrap' }}>{item.outcome}</span>]] as const)),
              [t('case.description'), <span style={{ whiteSpace: 'pre-wrap' }}>{item.description}</span>],
            ]}
          />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="case-actions" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="case-actions" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('case.timeline')}
          </Typography>
          <ActionTimeline caseNo={item.caseNo} actions={detail.actions} events={detail.events} />
        </Paper>
      </Stack>
      <AddActionDialog caseNo={item.caseNo} openedOn={item.openedOn} open={dialog === 'action'} onClose={closeDialog} />
      <CloseCaseDialog
        caseNo={item.caseNo}
        openedOn={item.openedOn}
        open={dialog === 'close'}
        onClose={closeDialog}
        onDone={focusFacts}
      />
      {detail.canAdminister && (
        <>
          <ReopenCaseDialog caseNo={item.caseNo} open={dialog === 'reopen'} onClose={closeDialog} onDone={focusFacts} />
          <ReassignDialog
            caseNo={item.caseNo}
            officerId={item.officerId}
            open={dialog === 'reassign'}
            onClose={closeDialog}
          />
        </>
      )}
    </PageFrame>
  );
}

/**
 * `/shared/industrial-relations/grievances/{grievanceId}` (ViewGrievanceDetailsPage,
 * docs/product/screens.md §11): a case's facts and the timeline of its actions; add an action,
 * close it, and for IRAdmin reopen it and reassign its officer.
 */
export function GrievanceDetailsPage() {
  const { t } = useTranslation(irNs);
  const { grievanceId = '' } = useParams();
  const parsed = caseNoSchema.safeParse(grievanceId);
  const caseNo = parsed.success ? parsed.data : '';
  const detail = useCase(caseNo, { enabled: parsed.success });
  const location = useLocation();
  const back = (
    <Button
      component={RouterLink}
      to={`${GRIEVANCES_PATH}${listSearchOf(location.state)}`}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 1, ml: -1 }}
    >
      {t('case.back')}
    </Button>
  );
  if (!parsed.success) {
    return (
      <PageFrame title={t('grievances.title')}>
        {back}
        <Alert severity="warning">{t('case.badNumber', { caseNo: grievanceId })}</Alert>
      </PageFrame>
    );
  }
  if (detail.data !== undefined) return <CaseView detail={detail.data} back={back} />;
  return (
    <PageFrame title={caseNo}>
      {back}
      {isAppError(detail.error) && detail.error.status === 404 ? (
        <Alert severity="info">{t('case.notFound', { caseNo })}</Alert>
      ) : (
        <QueryState query={detail}>{() => null}</QueryState>
      )}
    </PageFrame>
  );
}
