import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveSummary } from '@staff-portal/shared/leave';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { shownBalances } from './components/balance-cards';
import { formatDayCount } from '../../lib/dates';
import { leaveNs } from '../../locales/leave';

const LEAVE = '/shared/hr-services/leave';

/**
 * Home's leave section (docs/product/screens.md §2): balances of the types in use, my requests
 * waiting for a decision and the approvals waiting for me, as `GET /home` gives them. Renders
 * nothing when there is none of these (no staff leave record and nothing to approve); the leave
 * pages themselves explain why.
 */
export function HomeLeaveSummary({ summary }: { summary: LeaveSummary }) {
  const { t, i18n } = useTranslation(leaveNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const { year, balances, myRequestsWaiting, approvalsWaiting } = summary;
  if (balances === null && approvalsWaiting === 0) return null;

  return (
    <Card component="section" variant="outlined" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('home.heading', { year })}
        </Typography>
        {balances !== null && (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 3 }}
          >
            {shownBalances(balances).map((balance) => (
              <li key={balance.leaveTypeId}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {balance.leaveTypeName}
                </Typography>
                <Typography sx={{ fontWeight: 700 }} component="div">
                  {t('home.available', { count: balance.available, days: formatDayCount(balance.available, locale) })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
          {balances !== null && (
            <Link component={RouterLink} to={`${LEAVE}/my-leaves`}>
              {t('home.pending', { count: myRequestsWaiting ?? 0 })}
            </Link>
          )}
          {approvalsWaiting > 0 && (
            <Link component={RouterLink} to={`${LEAVE}/approval`} sx={{ fontWeight: 700 }}>
              {t('home.approvals', { count: approvalsWaiting })}
            </Link>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
