import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { OUTBOX_STATES } from '@staff-portal/shared/it-admin';
import type { OutboxMessage } from '@staff-portal/shared/it-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/list/list-filters';
import { ListSearchField } from '../../../components/list/list-search-field';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/error-text';
import { useListParams, useTextParam } from '../../../lib/use-list-params';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useOutbox } from '../api/get-outbox';
import { useRetryMessage } from '../api/retry-message';
import { OUTBOX_FIELDS, filterValues, outboxFilters } from '../filters';
import { formatInstant } from '../format';
import { LoadMore } from './load-more';
import { MessageDialog } from './message-dialog';
import { canRetry, useOutboxTexts } from './outbox-texts';
import { StateChip } from './state-chip';
import { itAdminNs } from '../../../locales/it-admin';
import { SelectField } from '../../../components/select-field';

/** Columns a phone or a tablet does without (the message's dialog has them). */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
/** A phone shows when, what, its state and Retry, so the table fits its width (the row opens the rest). */
const NOT_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The outbox of e-mails and text messages (docs/product/screens.md §15): state, attempts and
 * last error of each, filtered by recipient and state, a page at a time. A row opens the message
 * (its text only on request); a failed or waiting e-mail can be sent again at once.
 */
export function OutboxTab() {
  const { t } = useTranslation(itAdminNs);
  const texts = useOutboxTexts();
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const errorText = useErrorText();
  const { params, settled, change } = useListParams();
  const [recipient, setRecipient] = useTextParam(params, 'recipient', change);
  // A state the URL cannot have is none.
  const chosen = filterValues(OUTBOX_FIELDS, params);
  const { filters, problems } = outboxFilters(filterValues(OUTBOX_FIELDS, settled));
  const valid = Object.keys(problems).length === 0;
  const outbox = useOutbox(filters, { enabled: valid });
  const retry = useRetryMessage();
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  const sendAgain = async (message: OutboxMessage) => {
    try {
      const answer = await retry.mutateAsync(message.id);
      if (answer?.state === 'delivered') notify({ message: t('outbox.retried'), severity: 'success' });
      else if (answer?.state === 'failed') notify({ message: t('outbox.retriedFailed'), severity: 'warning' });
      else notify({ message: t('outbox.retriedQueued'), severity: 'success' });
    } catch {
      // Refused (409 when this server sends no mail, say): the notification says why
      // (lib/api-client.ts, through errorText), and nothing was sent.
    }
  };

  const messages = outbox.data?.pages.flatMap((page) => page.items) ?? [];
  const recipientProblem = problems.recipient;

  return (
    <>
      <ListFilters
        label={t('outbox.filters')}
        search={
          <ListSearchField
            label={t('outbox.recipient')}
            value={recipient}
            onChange={setRecipient}
            problem={recipientProblem === undefined ? undefined : errorText({ message: '', detail: recipientProblem })}
            maxLength={254}
          />
        }
        activeCount={chosen.state === '' ? 0 : 1}
      >
        <SelectField
          size="small"
          label={t('outbox.state')}
          value={chosen.state}
          // As typing does, a choice replaces the address: it is no step to go back to.
          onChange={(state) => change({ state }, { replace: true })}
          options={[
            { value: '', label: t('all') },
            ...OUTBOX_STATES.map((state) => ({ value: state, label: t(`outbox.states.${state}`) })),
          ]}
          // Beside the recipient, about a third of the row, as before.
          sx={{ minWidth: { md: '33%' } }}
        />
      </ListFilters>
      {!valid && outbox.data === undefined ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('fixFilters')}
        </Typography>
      ) : (
        <QueryState
          query={outbox}
          isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
          emptyText={t('outbox.empty')}
        >
          {() => (
            <>
              <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('tabs.outbox')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('outbox.columns.created')}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('outbox.columns.channel')}</TableCell>
                      <TableCell sx={NOT_ON_PHONE}>{t('outbox.columns.recipient')}</TableCell>
                      <TableCell>{t('outbox.columns.subject')}</TableCell>
                      <TableCell>{t('outbox.columns.state')}</TableCell>
                      <TableCell align="right" sx={WIDE_ONLY}>
                        {t('outbox.columns.attempts')}
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{t('outbox.columns.lastError')}</TableCell>
                      <TableCell>{t('outbox.columns.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {messages.map((message) => {
                      const subject = texts.subject(message);
                      const names = { subject, recipient: message.recipient };
                      const sending = retry.isPending && retry.variables === message.id;
                      return (
                        <TableRow key={message.id} hover onClick={() => setOpen(message)} sx={{ cursor: 'pointer' }}>
                          <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
                            {formatInstant(message.createdAt, organisation.timeZone)}
                          </TableCell>
                          <TableCell sx={WIDE_ONLY}>{texts.channel(message.channel)}</TableCell>
                          <TableCell sx={{ ...NOT_ON_PHONE, overflowWrap: 'anywhere' }}>{message.recipient}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>
                            {/* The row opens on a click; this is its way in for a keyboard and a screen reader. */}
                            <Link
                              component="button"
                              type="button"
                              onClick={(event) => {
                                event.stopPropagation();
                                setOpen(message);
                              }}
                              aria-label={t('outbox.open', names)}
                              sx={{ textAlign: 'left' }}
                            >
                              {subject}
                            </Link>
                          </TableCell>
                          <TableCell>
                            <StateChip state={message.state} />
                          </TableCell>
                          <TableCell align="right" sx={WIDE_ONLY}>
                            {message.attempts}
                          </TableCell>
                          <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>
                            {message.deliveryError ?? t('none')}
                          </TableCell>
                          <TableCell>
                            {canRetry(message) && (
                              <Button
                                size="small"
                                variant="outlined"
                                disabled={sending}
                                aria-label={t('outbox.retryLabel', names)}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  void sendAgain(message);
                                }}
                                sx={{ whiteSpace: 'nowrap' }}
                              >
                                {t('outbox.retry')}
                              </Button>
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
              <LoadMore
                shownText={t('outbox.shown', { count: messages.length })}
                hasMore={outbox.hasNextPage}
                loading={outbox.isFetchingNextPage}
                onLoad={() => void outbox.fetchNextPage()}
              />
            </>
          )}
        </QueryState>
      )}
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}
