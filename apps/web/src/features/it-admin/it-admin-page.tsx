import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { ActivityTab } from './components/activity-tab';
import { OutboxTab } from './components/outbox-tab';
import { StatusTab } from './components/status-tab';
import { itAdminNs } from '../../locales/it-admin';

const TABS = ['activity', 'status', 'outbox'] as const;
type TabName = (typeof TABS)[number];

const isTab = (value: string | null): value is TabName => (TABS as readonly (string | null)[]).includes(value);

/**
 * `/it-admin` (ITAdminPage, docs/product/screens.md §15): activity, system status and the
 * outbox. The tab lives in the URL (`?tab=outbox`), beside each tab's own filters.
 */
export function ITAdminPage() {
  const { t } = useTranslation(itAdminNs);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'activity';

  // Each tab's filters stay in the URL, so coming back to a tab finds them as they were.
  const select = (next: TabName) =>
    setParams((previous) => {
      const search = new URLSearchParams(previous);
      if (next === 'activity') search.delete('tab');
      else search.set('tab', next);
      return search;
    });

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => select(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('tabs.label')}
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`tabs.${name}`)}
              id={`it-admin-tab-${name}`}
              aria-controls={`it-admin-panel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Card variant="outlined" role="tabpanel" id={`it-admin-panel-${tab}`} aria-labelledby={`it-admin-tab-${tab}`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'activity' && <ActivityTab />}
          {tab === 'status' && <StatusTab />}
          {tab === 'outbox' && <OutboxTab />}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
