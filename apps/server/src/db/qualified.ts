import { getTableName, sql, type Column, type Table } from 'drizzle-orm';

/**
 * A column named with its table, for an outer query's column inside a correlated subquery. In a
 * select of one table Drizzle writes its columns bare, and a bare name inside the subquery is the
 * subquery's own table's column when it has one by that name (`id`, most often).
 */
export const qualified = (table: Table, column: Column) =>
  sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
