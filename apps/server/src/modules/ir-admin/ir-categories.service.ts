import { AppError, notFound } from '@staff-portal/shared/errors';
import type { Category, UpdateCategoryInput } from '@staff-portal/shared/ir';
import type { Database } from '../../db/client';
import { recordAuditBy, type AuditActor } from '../audit/audit.public';
import { findCategory, listCategories } from '../ir/ir.public';
import { categoryNamed, changeCategory, insertCategory } from './ir-categories.repository';

function categoryExists(name: string) {
  return new AppError('CONFLICT', `There is already a category named ${name}.`, {
    field: 'name',
    detail: { reason: 'categoryExists', params: { name } },
  });
}

/**
 * The grievance categories, kept by IR admins (docs/product/ir.md §2, docs/product/screens.md
 * §12): added, renamed, deactivated and activated again, never deleted. Each change is one
 * transaction with its audit entry (area `ir`, decision record 0038), and is answered as IR's
 * list of categories shows it.
 */
export function createIrCategoryService({ database }: { database: Database }) {
  const { db } = database;

  return {
    async createCategory(actor: AuditActor, name: string): Promise<Category> {
      const id = await db.transaction(async (tx) => {
        if (await categoryNamed(tx, name)) throw categoryExists(name);
        const row = await insertCategory(tx, name);
        await recordAuditBy(tx, actor, {
          area: 'ir',
          action: 'category.create',
          target: row.id,
          targetLabel: name,
          after: { name, active: true },
        });
        return row.id;
      });
      return (await listCategories(db)).find((category) => category.id === id)!;
    },

    async updateCategory(actor: AuditActor, id: string, input: UpdateCategoryInput): Promise<Category> {
      await db.transaction(async (tx) => {
        const row = await findCategory(tx, id);
        if (!row) throw notFound('There is no such category.');
        if (input.name !== undefined) {
          const other = await categoryNamed(tx, input.name);
          if (other && other.id !== id) throw categoryExists(input.name);
        }
        const after = await changeCategory(tx, id, input);
        await recordAuditBy(tx, actor, {
          area: 'ir',
          action: 'category.update',
          target: id,
          targetLabel: after.name,
          before: { name: row.name, active: row.active },
          after: { name: after.name, active: after.active },
        });
      });
      return (await listCategories(db)).find((category) => category.id === id)!;
    },
  };
}

export type IrCategoryService = ReturnType<typeof createIrCategoryService>;
