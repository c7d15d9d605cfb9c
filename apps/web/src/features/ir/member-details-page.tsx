import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { memberNoSchema } from '@staff-portal/shared/ir';
import type { CaseSummary, Member, RevealedNric } from '@staff-portal/shared/ir';
import { formatNric } from '@staff-portal/shared/ir-rules';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { Facts } from '../../components/facts';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useMember } from './api/get-member';
import { useRevealNric } from './api/reveal-nric';
import { CaseStatusChip } from './components/case-status-chip';
import { OpenCaseDialog } from './components/open-case-dialog';
import { useIrDate } from './ir-texts';
import { casePath, listSearchOf, MEMBER_LOOKUP_PATH } from './paths';
import { irNs } from '../../locales/ir';

/** A reveal of one member's NRIC and date of birth, kept only while that member is shown. */
type Revealed = RevealedNric & { memberNo: string };

/** The NRIC, masked with a "Show NRIC" button for one who may not see it in full (docs/product/ir.md §1). */
function Nric({
  member,
  revealed,
  onReveal,
}: {
  member: Member;
  revealed: Revealed | null;
  onReveal: (revealed: Revealed) => void;
}) {
  const { t } = useTranslation(irNs);
  const reveal = useRevealNric();
  if (!member.nricMasked) return <>{member.nric}</>;
  if (revealed !== null) {
    const full = revealed.nric;
    return (
      <Stack spacing={0.5}>
        <span>{/^\d{12}$/.test(full) ? formatNric(full) : full}</span>
        <Typography variant="caption" color="text.secondary" role="status">
          {t('member.nricShown')}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{member.nric}</span>
      <Button
        size="small"
        variant="outlined"
        startIcon={<VisibilityOutlinedIcon />}
        disabled={reveal.isPending}
        onClick={() =>
          reveal.mutate(member.memberNo, {
            onSuccess: (answer) => onReveal({ ...answer, memberNo: member.memberNo }),
          })
        }
      >
        {t('member.showNric')}
      </Button>
      <Typography variant="caption" color="text.secondary">
        {t('member.showNricHint')}
      </Typography>
    </Stack>
  );
}

function CaseList({ cases }: { cases: CaseSummary[] }) {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  if (cases.length === 0) return <Typography color="text.secondary">{t('member.noCases')}</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('member.casesTable')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('grievances.columns.caseNo')}</TableCell>
            <TableCell>{t('grievances.columns.subject')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('grievances.columns.category')}</TableCell>
            <TableCell>{t('grievances.columns.status')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('grievances.columns.openedOn')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cases.map((item) => (
            <TableRow key={item.caseNo} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link
                  component={RouterLink}
                  to={casePath(item.caseNo)}
                  aria-label={t('grievances.open', { caseNo: item.caseNo })}
                >
                  {item.caseNo}
                </Link>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.subject}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{item.categoryName}</TableCell>
              <TableCell>
                <CaseStatusChip status={item.status} />
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {day(item.openedOn)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MemberProfile({ member, cases, back }: { member: Member; cases: CaseSummary[]; back: ReactNode }) {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  const [opening, setOpening] = useState(false);
  // Each showing is a new audited call: the answer is kept only while this member is shown.
  const [shown, setShown] = useState<Revealed | null>(null);
  const revealed = shown?.memberNo === member.memberNo ? shown : null;
  // Masked with the NRIC, which starts with it (docs/product/ir.md §1), until both are shown.
  const dateOfBirth = member.dateOfBirth ?? revealed?.dateOfBirth ?? null;
  const orNone = (value: string | null) => (value === null || value.trim() === '' ? t('none') : value);
  return (
    <PageFrame title={member.name}>
      {back}
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-labelledby="member-profile" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="member-profile" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('member.profile')}
          </Typography>
          <Facts
            facts={[
              [t('member.facts.memberNo'), member.memberNo],
              [t('member.facts.nric'), <Nric key="nric" member={member} revealed={revealed} onReveal={setShown} />],
              [t('member.facts.gender'), t(`gender.${member.gender}`)],
              [t('member.facts.dateOfBirth'), dateOfBirth === null ? t('member.dateOfBirthHidden') : day(dateOfBirth)],
              [t('member.facts.employer'), member.employer],
              [t('member.facts.branch'), member.branch],
              [t('member.facts.position'), orNone(member.position)],
              [t('member.facts.status'), t(`memberStatus.${member.status}`)],
              [t('member.facts.joinDate'), day(member.joinDate)],
              [t('member.facts.phone'), orNone(member.phone)],
              [t('member.facts.email'), orNone(member.email)],
              [t('member.facts.address'), <span style={{ whiteSpace: 'pre-line' }}>{orNone(member.address)}</span>],
            ]}
          />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="member-cases" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
          >
            <Typography id="member-cases" variant="h6" component="h2">
              {t('member.cases')}
            </Typography>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpening(true)}>
              {t('member.openCase')}
            </Button>
          </Stack>
          <CaseList cases={cases} />
        </Paper>
      </Stack>
      <OpenCaseDialog member={member} open={opening} onClose={() => setOpening(false)} />
    </PageFrame>
  );
}

/**
 * `/shared/industrial-relations/member-lookup/{id}` (ViewMemberDetailsPage,
 * docs/product/screens.md §10): the member's profile, their grievance cases, and a new case.
 */
export function MemberDetailsPage() {
  const { t } = useTranslation(irNs);
  const { id = '' } = useParams();
  const parsed = memberNoSchema.safeParse(id);
  const memberNo = parsed.success ? parsed.data : '';
  const member = useMember(memberNo, { enabled: parsed.success });
  const location = useLocation();

  const back = (
    <Button
      component={RouterLink}
      to={`${MEMBER_LOOKUP_PATH}${listSearchOf(location.state)}`}
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 1, ml: -1 }}
    >
      {t('member.back')}
    </Button>
  );
  if (!parsed.success) {
    return (
      <PageFrame title={t('lookup.title')}>
        {back}
        <Alert severity="warning">{t('member.badNumber', { memberNo: id })}</Alert>
      </PageFrame>
    );
  }
  return (
    <>
      {member.data === undefined ? (
        <PageFrame title={t('lookup.title')}>
          {back}
          {isAppError(member.error) && member.error.status === 404 ? (
            <Alert severity="info">{t('member.notFound', { memberNo })}</Alert>
          ) : (
            <QueryState query={member}>{() => null}</QueryState>
          )}
        </PageFrame>
      ) : (
        <MemberProfile member={member.data.member} cases={member.data.cases} back={back} />
      )}
    </>
  );
}
