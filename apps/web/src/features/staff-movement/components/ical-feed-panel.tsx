import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { IcalFeed, IcalFeedKind } from '@staff-portal/shared/staff-movement';
import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { useCreateIcalFeed, useIcalFeeds, useRevokeIcalFeed } from '../api/ical-feeds';
import { staffMovementNs } from '../../../locales/staff-movement';

interface Props {
  /** The department in view; its feed is offered beside my own. */
  departmentCode: string;
}

interface FeedRowProps {
  name: string;
  feed: IcalFeed | undefined;
  busy: boolean;
  onCreate: () => void;
  onRevoke: (feed: IcalFeed) => void;
}

function FeedRow({ name, feed, busy, onCreate, onRevoke }: FeedRowProps) {
  const { t } = useTranslation(staffMovementNs);
  const { notify } = useNotification();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify({ message: t('feeds.copied'), severity: 'success' });
    } catch {
      notify({ message: t('feeds.copyFailed'), severity: 'warning' });
    }
  };
  return (
    <Stack spacing={1} component="li" aria-label={name}>
      <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
      {feed === undefined ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('feeds.none')}
          </Typography>
          <Button variant="outlined" size="small" disabled={busy} onClick={onCreate}>
            {t('feeds.create')}
          </Button>
        </Stack>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            fullWidth
            value={feed.url}
            label={t('feeds.addressLabel', { name })}
            slotProps={{
              htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.currentTarget.select() },
            }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              size="small"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(feed.url)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('feeds.copy')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              size="small"
              disabled={busy}
              aria-label={t('feeds.revokeLabel', { name })}
              onClick={() => onRevoke(feed)}
            >
              {t('feeds.revoke')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}

/** Private iCal addresses for my leave and for who is away in the department (docs/product/leave.md). */
export function IcalFeedPanel({ departmentCode }: Props) {
  const { t } = useTranslation(staffMovementNs);
  const { notify } = useNotification();
  const feeds = useIcalFeeds();
  const create = useCreateIcalFeed();
  const revoke = useRevokeIcalFeed();
  const busy = create.isPending || revoke.isPending;
  const list = feeds.data ?? [];
  // The newest address of each kind is the one shown; older ones stay valid until revoked.
  const latest = (kind: IcalFeedKind, department: string | null) =>
    list.filter((f) => f.kind === kind && f.departmentCode === department).at(-1);

  const onCreate = (kind: IcalFeedKind) =>
    create.mutate(kind === 'me' ? { kind } : { kind, departmentCode }, {
      onSuccess: () => notify({ message: t('feeds.created'), severity: 'success' }),
    });
  const onRevoke = (feed: IcalFeed) =>
    revoke.mutate(feed.id, { onSuccess: () => notify({ message: t('feeds.revoked'), severity: 'success' }) });

  return (
    <Paper component="section" variant="outlined" aria-labelledby="ical-feeds-title" sx={{ p: 2, mt: 3 }}>
      <Typography id="ical-feeds-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('feeds.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('feeds.intro')}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        <FeedRow
          name={t('feeds.me')}
          feed={latest('me', null)}
          busy={busy || feeds.isPending}
          onCreate={() => onCreate('me')}
          onRevoke={onRevoke}
        />
        <FeedRow
          name={t('feeds.department', { department: departmentCode })}
          feed={latest('department', departmentCode)}
          busy={busy || feeds.isPending}
          onCreate={() => onCreate('department')}
          onRevoke={onRevoke}
        />
      </Stack>
    </Paper>
  );
}
