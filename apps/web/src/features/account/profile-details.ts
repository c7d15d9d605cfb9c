import { mergeDepartments } from '@staff-portal/shared/groups';

/**
 * The department list of docs/product/specification.md §2: one entry per base name, "(admin)" after an entry the user
 * administers, admin entries first. The suffix is passed in translated.
 */
export function departmentLabels(groups: readonly string[], adminSuffix: string): string[] {
  return mergeDepartments(groups).map(({ name, admin }) => (admin ? `${name} ${adminSuffix}` : name));
}
