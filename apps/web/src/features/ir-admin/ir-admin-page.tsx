import { hasAnyGroup } from '@staff-portal/shared/groups';
import { seesFullNric } from '@staff-portal/shared/ir-rules';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame';
import { useAuth } from '../../lib/auth-context';
import { irAdminNs } from '../../locales/ir-admin';
import { CategoriesTab } from './components/categories-tab';
import { ExportTab } from './components/export-tab';
import { ImportTab } from './components/import-tab';
import { OfficersTab } from './components/officers-tab';

const TABS = ['categories', 'officers', 'import', 'export'] as const;
type TabName = (typeof TABS)[number];
const isTab = (value: string | null): value is TabName => (TABS as readonly (string | null)[]).includes(value);

/** Whether the user may use the admin functions: IRAdmin (ITAdmin passes every check), as the server judges. */
export function useIrAdministrator(): boolean {
  const { user, superAdminUserId } = useAuth();
  return user !== null && hasAnyGroup({ id: user.id, groups: user.department }, ['IRAdmin'], { superAdminUserId });
}

/** Whether the user sees NRICs masked (ITAdmin without an IR department), as the server judges (docs/product/ir.md §1). */
function useNricMasked(): boolean {
  const { user } = useAuth();
  return user === null || !seesFullNric(user.department);
}

/**
 * `/shared/industrial-relations/ir-admin` (IRAdminPage, docs/product/screens.md §12): the IR guard
 * opens it; the writes are IRAdmin's. The tab lives in the URL (`?tab=officers`).
 */
export function IRAdminPage() {
  const { t } = useTranslation(irAdminNs);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'categories';
  const canAdminister = useIrAdministrator();
  const nricMasked = useNricMasked();

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabName) => setParams(value === 'categories' ? {} : { tab: value })}
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
              id={`ir-admin-tab-${name}`}
              aria-controls={`ir-admin-panel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Card variant="outlined" role="tabpanel" id={`ir-admin-panel-${tab}`} aria-labelledby={`ir-admin-tab-${tab}`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {tab === 'categories' && <CategoriesTab canAdminister={canAdminister} />}
          {tab === 'officers' && <OfficersTab />}
          {/* An import tells which NRICs are members': not for one who sees them masked. */}
          {tab === 'import' && <ImportTab canAdminister={canAdminister && !nricMasked} />}
          {tab === 'export' && <ExportTab nricMasked={nricMasked} />}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
