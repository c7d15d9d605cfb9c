import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActivityEntry } from '@staff-portal/shared/it-admin';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useActivityWords } from '../activity-words';
import { formatInstant, PRECISE_INSTANT_FORMAT } from '../format';
import { ChangeComparison } from './change-comparison';
import { Facts } from '../../../components/facts';
import { SidePanel } from './side-panel';
import { itAdminNs } from '../../../locales/it-admin';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function EntryDetails({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation(itAdminNs);
  const words = useActivityWords();
  const { organisation } = useRuntimeConfig();
  const none = t('none');
  const facts = [
    [t('activity.detail.time'), formatInstant(entry.at, organisation.timeZone, PRECISE_INSTANT_FORMAT)],
    [t('activity.detail.user'), entry.userName ?? none],
    [t('activity.detail.email'), entry.userEmail ?? none],
    [t('activity.detail.userId'), entry.userId],
    [t('activity.detail.source'), t(`activity.sources.${entry.source}`)],
    [t('activity.detail.area'), words.area(entry.area)],
    [t('activity.detail.action'), words.action(entry.action)],
    [t('activity.detail.target'), entry.targetLabel ?? none],
    [t('activity.detail.targetId'), entry.target ?? none],
  ] as const;
  // A refused sign-in's reason, in words; a client's own fields as they came.
  const details = Object.entries(entry.details ?? {}).map(([key, value]) =>
    key === 'reason' ? ([t('activity.detail.reason'), words.reason(value)] as const) : ([key, value] as const),
  );
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Facts facts={[...facts]} />
      {entry.source === 'audit' ? (
        <Section title={t('activity.detail.change')}>
          <ChangeComparison before={entry.before} after={entry.after} />
        </Section>
      ) : (
        <Section title={t('activity.detail.details')}>
          {details.length === 0 ? (
            <Typography color="text.secondary">{t('activity.detail.noDetails')}</Typography>
          ) : (
            <Facts facts={details} />
          )}
        </Section>
      )}
    </Stack>
  );
}

/** One activity entry over the list (docs/product/screens.md §15): its facts, and a change's before and after. */
export function ActivityDrawer({ entry, onClose }: { entry: ActivityEntry | null; onClose: () => void }) {
  // The last entry shown stays in the drawer while it slides away.
  const [shown, setShown] = useState(entry);
  if (entry !== null && entry !== shown) setShown(entry);
  const words = useActivityWords();
  return (
    <SidePanel open={entry !== null} title={shown === null ? '' : words.entryAction(shown)} onClose={onClose}>
      {shown !== null && <EntryDetails entry={shown} />}
    </SidePanel>
  );
}
