import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { CaseAction, CaseEvent } from '@staff-portal/shared/ir';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { errorText } from '../../../lib/error-text';
import { useDownloadAttachment } from '../api/get-attachment';
import { actionTypeText, useIrDate } from '../ir-texts';
import { irNs } from '../../../locales/ir';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Entry = { at: string; action: CaseAction; event?: never } | { at: string; event: CaseEvent; action?: never };

/** The actions and events in the order they happened; an action before an event of the same instant. */
function entriesOf(actions: CaseAction[], events: CaseEvent[]): Entry[] {
  const entries: Entry[] = [
    ...actions.map((action) => ({ at: action.createdAt, action })),
    ...events.map((event) => ({ at: event.createdAt, event })),
  ];
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.action ? -1 : b.action ? 1 : 0));
}

const EVENT_DOT = { closed: 'success.main', reopened: 'warning.main', reassigned: 'info.main' } as const;

function eventTexts(t: TFunction<typeof irNs>, event: CaseEvent): { title: string; text: string } {
  switch (event.kind) {
    case 'closed':
      return { title: t('case.event.closed'), text: t('case.event.outcome', { outcome: event.outcome }) };
    case 'reopened':
      return { title: t('case.event.reopened'), text: t('case.event.reason', { reason: event.reason }) };
    case 'reassigned':
      return {
        title: t('case.event.reassigned'),
        text:
          event.fromOfficerName === null
            ? t('case.event.givenTo', { to: event.toOfficerName })
            : t('case.event.fromTo', { from: event.fromOfficerName, to: event.toOfficerName }),
      };
  }
}

/**
 * A case's timeline, oldest first, as an ordered list: its actions (the seed's action type, the
 * date, the author, the text and its files, each downloadable) and, among them, its closings,
 * reopenings and changes of officer (docs/product/ir.md §3).
 */
export function ActionTimeline({
  caseNo,
  actions,
  events = [],
}: {
  caseNo: string;
  actions: CaseAction[];
  events?: CaseEvent[];
}) {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  const { notify } = useNotification();
  const download = useDownloadAttachment();
  const entries = entriesOf(actions, events);
  if (entries.length === 0) return <Typography color="text.secondary">{t('case.noActions')}</Typography>;
  return (
    <Box component="ol" aria-label={t('case.timeline')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry, index) => {
        const last = index === entries.length - 1;
        const shown = entry.action
          ? {
              key: entry.action.id,
              title: actionTypeText(entry.action.type),
              date: entry.action.date,
              by: entry.action.authorName,
              text: entry.action.text,
              dot: entry.action.type === 0 ? 'primary.main' : 'grey.500',
            }
          : {
              key: entry.event.id,
              ...eventTexts(t, entry.event),
              date: entry.event.date,
              by: entry.event.actorName,
              dot: EVENT_DOT[entry.event.kind],
            };
        return (
          <Box
            component="li"
            key={shown.key}
            sx={{
              position: 'relative',
              pl: 3,
              pb: last ? 0 : 3,
              // The line down the timeline, and a dot for each entry.
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 5,
                top: 6,
                bottom: 0,
                borderLeft: last ? 'none' : '2px solid',
                borderColor: 'divider',
              },
              '&::after': {
                content: '""',
                position: 'absolute',
                left: 0,
                top: 4,
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: shown.dot,
              },
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
                {shown.title}
              </Typography>
              <Chip size="small" variant="outlined" label={day(shown.date)} />
              <Typography variant="body2" color="text.secondary">
                {t('case.by', { name: shown.by })}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {shown.text}
            </Typography>
            {entry.action && entry.action.attachments.length > 0 && (
              <Stack
                component="ul"
                aria-label={t('case.attachments')}
                direction="row"
                sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap', gap: 1 }}
              >
                {entry.action.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<AttachFileIcon />}
                      aria-label={t('case.download', { name: attachment.fileName })}
                      onClick={() =>
                        download.mutate(
                          { caseNo, id: attachment.id, fileName: attachment.fileName },
                          {
                            onError: (error) =>
                              notify({
                                message: isAppError(error) ? errorText(error) : t('case.downloadFailed'),
                                severity: 'error',
                              }),
                          },
                        )
                      }
                      sx={{ textTransform: 'none' }}
                    >
                      {attachment.fileName} ({sizeText(attachment.size)})
                    </Button>
                  </li>
                ))}
              </Stack>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
