/**
 * What other modules may use of the audit trail: recording an entry, reading a target's entries,
 * and streaming an export that is audited (CONTRIBUTING.md §3.2, module boundaries).
 */
export { auditOfTarget, recordAudit, recordAuditBy, tokenName } from './audit.repository';
export type { AuditActor, AuditRecord } from './audit.repository';
export { auditedStream, givenFilters, recordExport } from './audited-export';
