import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SystemStatus } from '@staff-portal/shared/it-admin';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useStatus } from '../api/get-status';
import { count, durationParts, formatInstant, megabytes, percentage, PRECISE_INSTANT_FORMAT } from '../format';
import { Facts } from '../../../components/facts';
import { itAdminNs } from '../../../locales/it-admin';

function StatusCard({ title, facts }: { title: string; facts: (readonly [string, ReactNode])[] }) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        <Facts facts={facts} />
      </CardContent>
    </Card>
  );
}

function StatusCards({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation(itAdminNs);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisation } = useRuntimeConfig();
  const instant = (value: string | null) => (value === null ? t('none') : formatInstant(value, organisation.timeZone));
  const { days, hours, minutes } = durationParts(status.uptimeSeconds);
  const uptime = [
    ...(days > 0 ? [t('status.days', { count: days })] : []),
    ...(days > 0 || hours > 0 ? [t('status.hours', { count: hours })] : []),
    t('status.minutes', { count: minutes }),
  ].join(', ');
  const { database, identity, mail, outbox, readCache } = status;

  const cards: [string, (readonly [string, ReactNode])[]][] = [
    [
      t('status.application.title'),
      [
        [t('status.application.version'), status.version],
        [t('status.application.commit'), status.commit ?? t('unknown')],
        [t('status.application.startedAt'), instant(status.startedAt)],
        [t('status.application.uptime'), uptime],
      ],
    ],
    [
      t('status.database.title'),
      [
        [t('status.database.engine'), t(`status.database.engines.${database.engine}`)],
        [
          t('status.database.size'),
          database.sizeBytes === null
            ? t('unknown')
            : t('status.megabytes', { value: megabytes(database.sizeBytes, language) }),
        ],
        [t('status.database.migrations'), count(database.migrations, language)],
        [t('status.database.latestMigration'), database.latestMigration ?? t('none')],
      ],
    ],
    [
      t('status.identity.title'),
      [
        [t('status.identity.mode'), t(`status.identity.modes.${identity.mode}`)],
        [t('status.identity.userPoolId'), identity.userPoolId],
      ],
    ],
    [
      t('status.mail.title'),
      [
        [t('status.mail.mode'), t(`status.mail.modes.${mail.mode}`)],
        [t('status.mail.lastError'), mail.lastDeliveryError ?? t('status.mail.noError')],
        ...(mail.lastDeliveryErrorAt === null
          ? []
          : [[t('status.mail.lastErrorAt'), instant(mail.lastDeliveryErrorAt)] as const]),
      ],
    ],
    [
      t('status.outbox.title'),
      [
        [t('status.outbox.waiting'), count(outbox.waiting, language)],
        [t('status.outbox.failed'), count(outbox.failed, language)],
      ],
    ],
    [
      t('status.readCache.title'),
      [
        [t('status.readCache.hits'), count(readCache.hits, language)],
        [t('status.readCache.misses'), count(readCache.misses, language)],
        [
          t('status.readCache.hitRate'),
          readCache.hitRate === null ? t('status.readCache.noReads') : percentage(readCache.hitRate, language),
        ],
      ],
    ],
  ];

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
      {cards.map(([title, facts]) => (
        <StatusCard key={title} title={title} facts={facts} />
      ))}
    </Box>
  );
}

/** The system's status (docs/product/screens.md §15), asked for again with Refresh. */
export function StatusTab() {
  const { t } = useTranslation(itAdminNs);
  const { organisation } = useRuntimeConfig();
  const status = useStatus();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon />}
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          {status.isFetching ? t('status.refreshing') : t('status.refresh')}
        </Button>
        {status.dataUpdatedAt > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('status.asOf', {
              time: formatInstant(
                new Date(status.dataUpdatedAt).toISOString(),
                organisation.timeZone,
                PRECISE_INSTANT_FORMAT,
              ),
            })}
          </Typography>
        )}
      </Stack>
      <QueryState query={status}>{(data) => <StatusCards status={data} />}</QueryState>
    </Stack>
  );
}
