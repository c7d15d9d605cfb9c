import { Readable } from 'node:stream';
import type { AuditAction, AuditArea } from '@staff-portal/shared/it-admin';
import type { Queryable } from '../../db/client';
import { recordAuditBy, type AuditActor } from './audit.repository';

/** What an export's audit entry says besides who (docs/product/files-mail-logs.md §2, decision record 0072). */
export interface ExportAudit {
  area: AuditArea;
  action: AuditAction;
  /** The file's name, as the download names it. */
  fileName: string;
  /** The filters the file was asked for, as the server read them (defaults included). */
  filters: Record<string, unknown>;
  /** What else tells what the file held (the members file: NRICs `full` or `masked`). */
  details?: Record<string, unknown>;
}

/** The filters as the entry keeps them: those not given left out. */
export const givenFilters = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));

/** Writes an export's entry: who, which filters, how many rows, and whether the file went out whole. */
export function recordExport(db: Queryable, actor: AuditActor, audit: ExportAudit, rows: number, complete: boolean) {
  return recordAuditBy(db, actor, {
    area: audit.area,
    action: audit.action,
    target: null,
    targetLabel: audit.fileName,
    after: { filters: audit.filters, rows, complete, ...audit.details },
  });
}

/**
 * A streamed export whose audit entry is written when the download ends (decision record 0072):
 * sent whole, or cut off by the client or a failure, with the rows sent so far. `write` gives the
 * file's chunks and calls `counted` with the rows each chunk holds.
 */
export function auditedStream(
  db: Queryable,
  actor: AuditActor,
  audit: ExportAudit,
  write: (counted: (rows: number) => void) => AsyncIterable<string>,
): Readable {
  async function* chunks() {
    let rows = 0;
    let complete = false;
    try {
      for await (const chunk of write((n) => (rows += n))) yield chunk;
      complete = true;
    } finally {
      await recordExport(db, actor, audit, rows, complete);
    }
  }
  return Readable.from(chunks());
}
