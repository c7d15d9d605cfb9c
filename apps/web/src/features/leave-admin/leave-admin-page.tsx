import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { CarryForwardTab } from './components/carry-forward-tab';
import { HolidaysTab } from './components/holidays-tab';
import { LeaveTypesTab } from './components/leave-types-tab';
import { ReportsTab } from './components/reports-tab';
import { StaffTab } from './components/staff-tab';
import { leaveAdminNs } from '../../locales/leave-admin';

const TABS = ['staff', 'types', 'holidays', 'carryForward', 'reports'] as const;
type TabName = (typeof TABS)[number];

const isTab = (value: string | null): value is TabName => (TABS as readonly (string | null)[]).includes(value);

/** `/shared/hr-services/leave/admin` (LeaveAdminPage): the tab lives in the URL (`?tab=holidays`). */
export function LeaveAdminPage() {
  const { t } = useTranslation(leaveAdminNs);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'staff';

  const select = (next: TabName) => setParams(next === 'staff' ? {} : { tab: next });

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => select(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('title')}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`tabs.${name}`)}
              id={`admin-tab-${name}`}
              aria-controls={`admin-panel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Card variant="outlined" role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'staff' && <StaffTab />}
          {tab === 'types' && <LeaveTypesTab />}
          {tab === 'holidays' && <HolidaysTab />}
          {tab === 'carryForward' && <CarryForwardTab />}
          {tab === 'reports' && <ReportsTab />}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
