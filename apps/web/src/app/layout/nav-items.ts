import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

export interface NavItem {
  path: string;
  /** Key in the shell namespace. */
  labelKey: 'nav.home' | 'nav.shared' | 'nav.teamSpace';
  Icon: typeof SvgIcon;
}

/** The left navigation of docs/product/specification.md §2 "Layout". */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', labelKey: 'nav.home', Icon: HomeOutlinedIcon },
  { path: '/shared', labelKey: 'nav.shared', Icon: FolderSharedOutlinedIcon },
  { path: '/team-space', labelKey: 'nav.teamSpace', Icon: GroupsOutlinedIcon },
];

/**
 * Seed §2: an item is highlighted when the path equals its path or, for non-root items,
 * contains it. "Contains" is taken literally (a substring), as the seed says; every path of the
 * route table that contains "/shared" lies in the shared area, so this equals a prefix test today.
 */
export function isNavItemActive(itemPath: string, pathname: string): boolean {
  if (pathname === itemPath) return true;
  return itemPath !== '/' && pathname.includes(itemPath);
}
