import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STAFF_ID } from '@staff-portal/shared/leave';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { todayIn } from '../../lib/dates';
import { useStaffDetail } from './api/get-staff-detail';
import { recordYear } from './record-year';
import { BalancesSection } from './components/balances-section';
import { RequestsSection } from './components/requests-section';
import { StaffRecordForm } from './components/staff-record-form';
import { leaveAdminNs } from '../../locales/leave-admin';
import { useUrlSearchParams } from '../../lib/use-url-search-params';
import { SelectField } from '../../components/select-field';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h2">
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function UserRecord({ staffId }: { staffId: string }) {
  const { t } = useTranslation(leaveAdminNs);
  const { organisation } = useRuntimeConfig();
  const detail = useStaffDetail(staffId);
  const [params, setParams] = useUrlSearchParams();
  const thisYear = Number(todayIn(organisation.timeZone).slice(0, 4));
  const year = recordYear(params, thisYear);
  const years = Array.from({ length: 6 }, (_, index) => thisYear + 1 - index);

  const yearPicker = (
    <SelectField
      size="small"
      label={t('year')}
      value={String(year)}
      onChange={(chosen) => setParams({ year: chosen })}
      options={years.map((y) => ({ value: String(y), label: String(y) }))}
    />
  );

  return (
    <QueryState query={detail}>
      {(data) => (
        <Stack spacing={3}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {data.displayName}
          </Typography>
          <Section title={t('user.record')}>
            <StaffRecordForm key={`${data.staffId}-${data.approverStaffId}-${data.workingDaysMask}`} detail={data} />
          </Section>
          <Section title={t('balances.title')} action={yearPicker}>
            <BalancesSection staffId={staffId} year={year} />
          </Section>
          <Section title={t('requests.title')}>
            <RequestsSection staffId={staffId} name={data.displayName} year={year} />
          </Section>
        </Stack>
      )}
    </QueryState>
  );
}

/** `/shared/hr-services/leave/admin/:id` (UpdateLeaveUserPage): one staff member's leave record. */
export function UpdateLeaveUserPage() {
  const { t } = useTranslation(leaveAdminNs);
  const { id = '' } = useParams();
  return (
    <PageFrame title={t('user.title')}>
      <Button component={RouterLink} to="/shared/hr-services/leave/admin" startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {t('user.back')}
      </Button>
      {STAFF_ID.test(id) ? <UserRecord staffId={id} /> : <Alert severity="warning">{t('user.notFound')}</Alert>}
    </PageFrame>
  );
}
