import { eq, sql } from 'drizzle-orm';
import type { UpdateCategoryInput } from '@staff-portal/shared/ir';
import type { Queryable } from '../../db/client';
import { irCategories } from '../../db/schema/ir';

export type CategoryRow = typeof irCategories.$inferSelect;

/** The category of that name, whatever the letters' case. */
export async function categoryNamed(db: Queryable, name: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(irCategories)
    .where(sql`lower(${irCategories.name}) = lower(${name})`);
  return row;
}

/** Adds a category; new ones are active. */
export async function insertCategory(tx: Queryable, name: string): Promise<CategoryRow> {
  const [row] = await tx.insert(irCategories).values({ name }).returning();
  return row!;
}

/** Renames, deactivates or activates a category, and answers it as it is then. */
export async function changeCategory(tx: Queryable, id: string, input: UpdateCategoryInput): Promise<CategoryRow> {
  const [row] = await tx
    .update(irCategories)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: sql`now()`,
    })
    .where(eq(irCategories.id, id))
    .returning();
  return row!;
}
