import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LeaveRequest, RequestSort } from '@staff-portal/shared/leave';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from './status-chip';
import { formatDateRange, formatDayCount } from '../lib/dates';
import { useProgressiveList } from '../lib/use-progressive-list';
import { leaveNs } from '../locales/leave';

interface RequestListProps {
  requests: readonly LeaveRequest[];
  /** Accessible name of the table or list. */
  label: string;
  actions?: (request: LeaveRequest) => ReactNode;
  /**
   * Draws a sortable column's header (the list kit's `sortableHeaders`) for a list the server
   * sorts; without it the headers are plain. A phone shows cards, in the list's order.
   */
  sortHeader?: ((column: RequestSort, label: ReactNode, sx?: SxProps<Theme>) => ReactNode) | undefined;
}

/**
 * My requests as a table, or as stacked cards on a phone where seven columns cannot fit
 * (docs/product/qualities.md: responsive down to a phone).
 */
export function RequestList({ requests: all, label, actions, sortHeader }: RequestListProps) {
  const { t, i18n } = useTranslation(leaveNs);
  const requests = useProgressiveList(all);
  const locale = i18n.resolvedLanguage ?? 'en';
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const dayText = (request: LeaveRequest) =>
    `${formatDayCount(request.days, locale)}${request.dayType === 0 ? '' : ` (${t(`dayType.${request.dayType}`)})`}`;

  const header = (column: RequestSort, text: string, sx?: SxProps<Theme>) =>
    sortHeader === undefined ? <TableCell sx={sx}>{text}</TableCell> : sortHeader(column, text, sx);

  if (phone) {
    return (
      <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {requests.map((request) => (
          <Card component="li" variant="outlined" key={request.referenceId}>
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
                <Typography sx={{ fontWeight: 700 }}>{request.leaveTypeName}</Typography>
                <StatusChip status={request.status} />
              </Stack>
              <Typography variant="body2">
                {formatDateRange(request.startDate, request.endDate, locale)} · {t('fields.days')}: {dayText(request)}
              </Typography>
              {request.reason !== '' && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {request.reason}
                </Typography>
              )}
              <Typography variant="caption" color="text.secondary">
                {request.referenceId}
              </Typography>
              {actions !== undefined && (
                <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
                  {actions(request)}
                </Stack>
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      {/* Half the usual side padding: seven columns then fit beside the sidebar on a laptop. */}
      <Table size="small" aria-label={label} sx={{ '& th, & td': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {header('type', t('fields.type'))}
            {header('start', t('fields.dates'))}
            {header('days', t('fields.days'), { textAlign: 'right' })}
            <TableCell>{t('fields.reason')}</TableCell>
            {header('status', t('fields.status'))}
            {actions !== undefined && <TableCell>{t('fields.actions')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((request) => (
            <TableRow key={request.referenceId} hover>
              <TableCell>
                {request.leaveTypeName}
                {/* The reference under the type: one column fewer, so the reason has room. */}
                <Typography variant="caption" color="text.secondary" component="div">
                  {request.referenceId}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 110 }}>
                {formatDateRange(request.startDate, request.endDate, locale, { wrapAtDash: true })}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {dayText(request)}
              </TableCell>
              <TableCell sx={{ minWidth: 140, maxWidth: 320, overflowWrap: 'break-word' }}>{request.reason}</TableCell>
              <TableCell>
                <StatusChip status={request.status} />
              </TableCell>
              {actions !== undefined && <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(request)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
