import type { BackupProgress } from '../plugins/admin-socket';

// How the backup and restore commands word their progress (docs/product/backups.md §2, §3).

export const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
export const tableLine = ({ table, rows }: BackupProgress) => `  ${table}: ${plural(rows, 'row')}`;
