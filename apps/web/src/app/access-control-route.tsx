import { AccessControlPage } from '../features/access-control/access-control-page';
import { AddStaffRecordDialog } from '../features/leave-admin/components/add-staff-record-dialog';

/**
 * The Access Control page (docs/product/screens.md §14) with the leave administration's staff
 * record dialog, so that an account's record is created by the one set of create rules
 * (`POST /leave/admin/staff`), prefilled with the account's e-mail, name and `sub`. It lives
 * beside the route table, not under app/routes/ (bundled with the signed-in app, vite.config.ts):
 * there it would import the page's lazy chunk, which imports the signed-in chunk back.
 */
export function AccessControlRoute() {
  return (
    <AccessControlPage
      createStaffRecord={({ open, account, onClose, onCreated }) => (
        <AddStaffRecordDialog open={open} onClose={onClose} account={account} onCreated={onCreated} />
      )}
    />
  );
}
