import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { UrlTabs } from '../../components/url-tabs';
import { CarryForwardTab } from './components/carry-forward-tab';
import { HolidaysTab } from './components/holidays-tab';
import { LeaveTypesTab } from './components/leave-types-tab';
import { ReportsTab } from './components/reports-tab';
import { StaffTab } from './components/staff-tab';
import { leaveAdminNs } from '../../locales/leave-admin';

const TABS = ['staff', 'types', 'holidays', 'carryForward', 'reports'] as const;

/** `/shared/hr-services/leave/admin` (LeaveAdminPage): the tab lives in the URL (`?tab=holidays`). */
export function LeaveAdminPage() {
  const { t } = useTranslation(leaveAdminNs);

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <UrlTabs tabs={TABS} label={t('title')} idPrefix="admin" tabLabel={(name) => t(`tabs.${name}`)}>
        {(tab) => (
          <>
            {tab === 'staff' && <StaffTab />}
            {tab === 'types' && <LeaveTypesTab />}
            {tab === 'holidays' && <HolidaysTab />}
            {tab === 'carryForward' && <CarryForwardTab />}
            {tab === 'reports' && <ReportsTab />}
          </>
        )}
      </UrlTabs>
    </PageFrame>
  );
}
