/**
 * What other modules may use of IR (CONTRIBUTING.md §3.2, module boundaries): how names are folded
 * for search, members written in bulk (IR admin's tests seed with it), the grievance categories
 * as IR reads them (IR admin keeps the categories and answers each change as IR lists it), and the
 * officers' accounts and names (IR admin's workload is per officer).
 */
export { foldName } from './name-folding';
export { insertMembers } from './ir-members.repository';
export { findCategory, listCategories } from './ir-cases.repository';
export { accountName, officerAccounts } from './ir-officers.service';
