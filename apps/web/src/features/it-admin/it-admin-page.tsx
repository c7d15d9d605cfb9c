import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { UrlTabs } from '../../components/url-tabs';
import { ActivityTab } from './components/activity-tab';
import { OutboxTab } from './components/outbox-tab';
import { StatusTab } from './components/status-tab';
import { itAdminNs } from '../../locales/it-admin';

const TABS = ['activity', 'status', 'outbox'] as const;

/**
 * `/it-admin` (ITAdminPage, docs/product/screens.md §15): activity, system status and the
 * outbox. The tab lives in the URL (`?tab=outbox`), beside each tab's own filters.
 */
export function ITAdminPage() {
  const { t } = useTranslation(itAdminNs);

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      {/* Each tab's filters stay in the URL, so coming back to a tab finds them as they were. */}
      <UrlTabs
        tabs={TABS}
        label={t('tabs.label')}
        idPrefix="it-admin"
        tabLabel={(name) => t(`tabs.${name}`)}
        keepParams
      >
        {(tab) => (
          <>
            {tab === 'activity' && <ActivityTab />}
            {tab === 'status' && <StatusTab />}
            {tab === 'outbox' && <OutboxTab />}
          </>
        )}
      </UrlTabs>
    </PageFrame>
  );
}
