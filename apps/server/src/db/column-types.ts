import { customType } from 'drizzle-orm/pg-core';

/** Column types Drizzle has no builder for, shared by the schema files. */

/**
 * PostgreSQL `bytea` as a Node Buffer: attachments live in the database, so every replica sees
 * them (docs/product/files-mail-logs.md §1). PGlite answers a Uint8Array.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A full-text document (`tsvector`), read back as its text form. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
