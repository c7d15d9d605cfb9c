/** The IR screens' addresses (docs/product/screens.md §10–§12, app/route-table.ts). */
export const IR_HUB_PATH = '/shared/industrial-relations';
export const MEMBER_LOOKUP_PATH = `${IR_HUB_PATH}/member-lookup`;
export const GRIEVANCES_PATH = `${IR_HUB_PATH}/grievances`;
export const memberPath = (memberNo: string) => `${MEMBER_LOOKUP_PATH}/${encodeURIComponent(memberNo)}`;
export const casePath = (caseNo: string) => `${GRIEVANCES_PATH}/${encodeURIComponent(caseNo)}`;

/**
 * What a list passes to the page it opens (router state): its own search, so that page's way back
 * returns to the list as it was, as the browser's Back does.
 */
export interface FromList {
  listSearch?: string;
}
export const listSearchOf = (state: unknown) => {
  const search = (state as FromList | null)?.listSearch;
  return typeof search === 'string' && search !== '' ? `?${search}` : '';
};
