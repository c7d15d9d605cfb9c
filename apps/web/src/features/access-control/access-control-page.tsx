import type { Account } from '@staff-portal/shared/access-control';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame';
import { AccountDetails } from './components/account-details';
import { AccountList } from './components/account-list';
import { BulkCreateDialog } from './components/bulk-create-dialog';
import { CreateAccountDialog } from './components/create-account-dialog';
import type { StaffRecordCreator } from './components/staff-record-section';
import { ACCOUNT_PARAM } from './list-params';
import { accessControlNs } from '../../locales/access-control';
import { useUrlSearchParams } from '../../lib/use-url-search-params';

/**
 * `/shared/access-control` (AccessControlPage, docs/product/screens.md §14), ADMIN: the
 * organisation's portal accounts. The list's search, filters, sort and page, and the account
 * open over it (`?account={username}`), all live in the URL.
 */
export function AccessControlPage({
  createStaffRecord,
}: {
  /** The staff records' create dialog, composed in by `app/access-control-route.tsx`. */
  createStaffRecord?: StaffRecordCreator;
} = {}) {
  const { t } = useTranslation(accessControlNs);
  const [params, setParams] = useUrlSearchParams();
  const [creating, setCreating] = useState(false);
  const [bulkCreating, setBulkCreating] = useState(false);

  const showAccount = (username: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (username === null) next.delete(ACCOUNT_PARAM);
      else next.set(ACCOUNT_PARAM, username);
      return next;
    });

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <AccountList onCreate={() => setCreating(true)} onBulkCreate={() => setBulkCreating(true)} />
      <BulkCreateDialog open={bulkCreating} onClose={() => setBulkCreating(false)} />
      <CreateAccountDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(account: Account) => showAccount(account.username)}
      />
      <AccountDetails
        username={params.get(ACCOUNT_PARAM)}
        onClose={() => showAccount(null)}
        createStaffRecord={createStaffRecord}
      />
    </PageFrame>
  );
}
