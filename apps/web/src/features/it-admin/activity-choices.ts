import { ACTIVITY_ACTIONS } from '@staff-portal/shared/it-admin';
import type { ActivityAction, ActivityArea, ActivityEntry } from '@staff-portal/shared/it-admin';

export const isActivityArea = (value: string): value is ActivityArea => Object.hasOwn(ACTIVITY_ACTIONS, value);

const ALL_ACTIONS: readonly ActivityAction[] = Object.values(ACTIVITY_ACTIONS).flat();
export const isActivityAction = (value: string): value is ActivityAction =>
  (ALL_ACTIONS as readonly string[]).includes(value);

/** The actions the filter offers (docs/product/screens.md §15): those of the chosen area, or every one. */
export const actionsOf = (area: string): readonly ActivityAction[] =>
  isActivityArea(area) ? ACTIVITY_ACTIONS[area] : ALL_ACTIONS;

/** Who an entry is about, as the list shows them: the name, with the e-mail beside it; else the e-mail; else the id. */
export function whoOf(entry: ActivityEntry): { name: string; email: string | null } {
  if (entry.userName !== null) return { name: entry.userName, email: entry.userEmail };
  return { name: entry.userEmail ?? entry.userId, email: null };
}
