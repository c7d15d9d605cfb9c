import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveBalance } from '@staff-portal/shared/leave';
import { useTranslation } from 'react-i18next';
import { useBalanceNotes } from '../../../lib/balance-notes';
import { formatDayCount } from '../../../lib/dates';
import { leaveNs } from '../../../locales/leave';

// Taken, booked, pending and available segments: the brand colour, a lighter tint of it for
// approved days still to come, the seed's pending amber, and a pale tint of the approved green,
// each told apart by the legend's words as well.
const SEGMENTS = [
  { key: 'taken', colour: '#004D6C' },
  { key: 'booked', colour: '#6b9fb8' },
  { key: 'pending', colour: '#f0ad4e' },
  { key: 'available', colour: '#b9e0b9' },
] as const;

function BalanceBar({ balance }: { balance: LeaveBalance }) {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const total = balance.entitled + balance.carried + balance.adjustments;
  const parts = {
    taken: balance.taken,
    booked: balance.booked,
    pending: balance.pending,
    available: Math.max(balance.available, 0),
  };
  // Over-drawn types (unpaid leave has no balance limit) scale to what was used.
  const scale = Math.max(total, parts.taken + parts.booked + parts.pending + parts.available, 1);
  return (
    <Box
      role="img"
      aria-label={t('myLeaves.balances.chart', {
        type: balance.leaveTypeName,
        taken: formatDayCount(parts.taken, locale),
        booked: formatDayCount(parts.booked, locale),
        pending: formatDayCount(parts.pending, locale),
        available: formatDayCount(balance.available, locale),
        total: formatDayCount(total, locale),
        count: total,
      })}
      sx={{ display: 'flex', height: 12, borderRadius: 6, overflow: 'hidden', bgcolor: 'grey.200', my: 1.5 }}
    >
      {SEGMENTS.map(({ key, colour }) =>
        parts[key] > 0 ? (
          <Box key={key} data-segment={key} sx={{ width: `${(parts[key] / scale) * 100}%`, bgcolor: colour }} />
        ) : null,
      )}
    </Box>
  );
}

const inUse = (balance: LeaveBalance) =>
  balance.taken > 0 || balance.booked > 0 || balance.pending > 0 || balance.carried !== 0 || balance.adjustments !== 0;

/** A type that accrues monthly, part-way through the year: what is earned so far of the year's days. */
const earned = (balance: LeaveBalance, locale: string) => ({
  earned: formatDayCount(balance.entitled, locale),
  total: formatDayCount(balance.entitledForYear, locale),
});

/** Fewest types shown before "show all", so a new joiner still sees their main entitlements. */
const MIN_SHOWN = 3;

/**
 * The types worth a glance: those used this year (taken, pending, carried or adjusted), topped up
 * in catalogue order to a few. The catalogue has 22 types; most staff use two or three.
 */
export function shownBalances(balances: readonly LeaveBalance[]): LeaveBalance[] {
  const used = new Set(balances.filter(inUse).map((balance) => balance.leaveTypeId));
  for (const balance of balances) {
    if (used.size >= MIN_SHOWN) break;
    // A type for the other gender is never one of the person's main entitlements.
    if (balance.ineligible?.reason !== 'gender') used.add(balance.leaveTypeId);
  }
  return balances.filter((balance) => used.has(balance.leaveTypeId));
}

/**
 * Balances per leave type (docs/product/screens.md): the numbers and a stacked bar for each type,
 * and why a balance is lower than its entitlement where that is not in the numbers.
 */
export function BalanceCards({
  balances,
  showAll,
  onShowAll,
}: {
  balances: readonly LeaveBalance[];
  /**
   * Whether every type shows. The page keeps it: the cards are drawn anew when the balances of
   * another date come after a failed try, and "Show all" would otherwise close under the user's eyes.
   */
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
}) {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const notesOf = useBalanceNotes();
  const rows = ['entitled', 'carried', 'adjustments', 'taken', 'booked', 'pending'] as const;
  const few = shownBalances(balances);
  const shown = showAll ? balances : few;
  return (
    <>
      <Stack direction="row" spacing={2} aria-hidden sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        {SEGMENTS.map(({ key, colour }) => (
          <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: colour }} />
            <Typography variant="caption">{t(`myLeaves.balances.${key}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {shown.map((balance) => (
          <Card component="li" variant="outlined" key={balance.leaveTypeId} aria-label={balance.leaveTypeName}>
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
                <Typography component="h3" sx={{ fontWeight: 700 }}>
                  {balance.leaveTypeName}
                </Typography>
                <Typography
                  sx={{ fontWeight: 700, color: balance.available < 0 ? 'error.main' : 'text.primary' }}
                  aria-label={`${t('myLeaves.balances.available')}: ${formatDayCount(balance.available, locale)}`}
                >
                  {formatDayCount(balance.available, locale)}
                </Typography>
              </Stack>
              <BalanceBar balance={balance} />
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25, m: 0 }}
              >
                {[...rows, 'available' as const].map((row) => (
                  <Box key={row} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`myLeaves.balances.${row}`)}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      data-testid={`${balance.leaveTypeId}-${row}`}
                      sx={{ m: 0, textAlign: 'right', fontWeight: row === 'available' ? 700 : 400 }}
                    >
                      {row === 'entitled' && balance.entitled !== balance.entitledForYear ? (
                        <span aria-label={t('myLeaves.balances.earnedOfLabel', earned(balance, locale))}>
                          {t('myLeaves.balances.earnedOf', earned(balance, locale))}
                        </span>
                      ) : (
                        formatDayCount(balance[row], locale)
                      )}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {notesOf(balance).map((note) => (
                <Typography key={note} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {note}
                </Typography>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
      {few.length < balances.length && (
        <Button sx={{ mt: 2 }} onClick={() => onShowAll(!showAll)} aria-expanded={showAll}>
          {showAll ? t('myLeaves.balances.showFewer') : t('myLeaves.balances.showAll', { count: balances.length })}
        </Button>
      )}
    </>
  );
}
