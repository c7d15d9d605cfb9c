import { z } from 'zod';
import { leavingAfterJoining, staffRecordFieldsSchema } from './leave';

/**
 * Adding staff leave records (docs/product/screens.md: LeaveAdminPage), ADMIN only. Paths are
 * relative to the leave API base, like those of `./leave`.
 */

/** An identity user's id (`sub`): Cognito's and the embedded service's are both UUIDs. */
const sub = z.guid({ message: 'must be an identity account id (a UUID)' });

/**
 * `POST /leave/admin/staff`: a new staff member's leave record; the server gives it its staff id
 * and answers the StaffDetail. The record links to the identity account by `identitySub` when the
 * admin picked one, else by its verified e-mail when that person first uses the leave pages.
 */
export const createStaffInputSchema = staffRecordFieldsSchema
  .extend({
    displayName: z.string().trim().min(1, 'a name is required').max(100, 'must be at most 100 characters'),
    email: z
      .string()
      .trim()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email({ message: 'must be an e-mail address' }))
      .transform((email) => email.toLowerCase()),
    identitySub: sub.nullable().default(null),
  })
  .refine(leavingAfterJoining.check, leavingAfterJoining);
export type CreateStaffInput = z.input<typeof createStaffInputSchema>;
export type CreateStaffValues = z.output<typeof createStaffInputSchema>;

/** An identity account that has no staff leave record yet, as the add form offers it. */
export const identityAccountSchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string().nullable(),
});
export type IdentityAccount = z.infer<typeof identityAccountSchema>;

/** `GET /leave/admin/staff/accounts?search=`: accounts whose e-mail or name starts with the text. */
export const identityAccountsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

/** `GET /leave/admin/departments`: the departments a staff record can belong to. */
export const departmentSchema = z.object({ code: z.string(), name: z.string() });
export type Department = z.infer<typeof departmentSchema>;
