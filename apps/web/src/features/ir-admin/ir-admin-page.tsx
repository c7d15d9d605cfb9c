import { hasAnyGroup } from '@staff-portal/shared/groups';
import { seesFullNric } from '@staff-portal/shared/ir-rules';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { UrlTabs } from '../../components/url-tabs';
import { useAuth } from '../../lib/auth-context';
import { irAdminNs } from '../../locales/ir-admin';
import { CategoriesTab } from './components/categories-tab';
import { ExportTab } from './components/export-tab';
import { ImportTab } from './components/import-tab';
import { OfficersTab } from './components/officers-tab';

const TABS = ['categories', 'officers', 'import', 'export'] as const;

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
  const canAdminister = useIrAdministrator();
  const nricMasked = useNricMasked();

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <UrlTabs tabs={TABS} label={t('title')} idPrefix="ir-admin" tabLabel={(name) => t(`tabs.${name}`)}>
        {(tab) => (
          <>
            {tab === 'categories' && <CategoriesTab canAdminister={canAdminister} />}
            {tab === 'officers' && <OfficersTab />}
            {/* An import tells which NRICs are members': not for one who sees them masked. */}
            {tab === 'import' && <ImportTab canAdminister={canAdminister && !nricMasked} />}
            {tab === 'export' && <ExportTab nricMasked={nricMasked} />}
          </>
        )}
      </UrlTabs>
    </PageFrame>
  );
}
