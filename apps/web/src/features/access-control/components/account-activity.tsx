import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@staff-portal/shared/access-control';
import { useTranslation } from 'react-i18next';
import { useAccountTexts } from '../account-texts';
import { accessControlNs } from '../../../locales/access-control';

/** The audit's actions on an account that have a reading of their own; others show as recorded. */
const KNOWN_ACTIONS = [
  'create',
  'departments',
  'disable',
  'enable',
  'reset-password',
  'sign-out',
  'resend-invitation',
  'delete',
  'staff-link',
  'staff-unlink',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

/** "account.disable", "disable" → "disable"; any departments change → "departments". */
function knownAction(action: string): KnownAction | null {
  const last = action.split(/[.:/]/).at(-1) ?? action;
  if (/department/i.test(last)) return 'departments';
  return (KNOWN_ACTIONS as readonly string[]).includes(last) ? (last as KnownAction) : null;
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The departments an audit entry's before or after records, as a list or as `{ departments }`. */
function departmentsIn(value: unknown): string[] | null {
  if (isNames(value)) return value;
  if (typeof value === 'object' && value !== null && 'departments' in value && isNames(value.departments)) {
    return value.departments;
  }
  return null;
}

/** The status an audit entry's before or after records (an action on the account records it). */
function statusIn(value: unknown): string | null {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'string'
    ? value.status
    : null;
}

/** The account's recent changes, newest first, as the server's audit records them. */
export function AccountActivity({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation(accessControlNs);
  const texts = useAccountTexts();
  if (entries.length === 0) {
    return <Typography color="text.secondary">{t('audit.empty')}</Typography>;
  }
  const names = (list: string[]) => (list.length === 0 ? t('audit.nothing') : list.join(', '));
  return (
    <List dense disablePadding>
      {entries.map((entry) => {
        const known = knownAction(entry.action);
        const before = departmentsIn(entry.before);
        const after = departmentsIn(entry.after);
        const [statusBefore, statusAfter] = [statusIn(entry.before), statusIn(entry.after)];
        const change =
          before !== null || after !== null
            ? t('audit.change', { before: names(before ?? []), after: names(after ?? []) })
            : statusBefore !== null && statusAfter !== null && statusBefore !== statusAfter
              ? t('audit.change', {
                  before: texts.statusLabel(statusBefore),
                  after: texts.statusLabel(statusAfter),
                })
              : null;
        return (
          <ListItem key={entry.id} disableGutters divider alignItems="flex-start">
            <ListItemText
              primary={known === null ? entry.action : t(`audit.actions.${known}`)}
              secondary={
                <>
                  {change !== null && (
                    <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.primary' }}>
                      {change}
                    </Typography>
                  )}
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                    <time dateTime={entry.at}>{texts.dateTime(entry.at)}</time>
                    {' · '}
                    {t('audit.by', { who: entry.actorEmail ?? entry.actorId })}
                  </Typography>
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
