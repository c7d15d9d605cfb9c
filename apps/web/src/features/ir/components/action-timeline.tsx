import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { CaseAction } from '@staff-portal/shared/ir';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { errorText } from '../../../lib/error-text';
import { useDownloadAttachment } from '../api/get-attachment';
import { actionTypeText, useIrDate } from '../ir-texts';
import { irNs } from '../../../locales/ir';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A case's actions, oldest first, as an ordered list: the seed's action type, the date, the
 * author, the text and its files, each downloadable.
 */
export function ActionTimeline({ caseNo, actions }: { caseNo: string; actions: CaseAction[] }) {
  const { t } = useTranslation(irNs);
  const day = useIrDate();
  const { notify } = useNotification();
  const download = useDownloadAttachment();
  if (actions.length === 0) return <Typography color="text.secondary">{t('case.noActions')}</Typography>;
  return (
    <Box component="ol" aria-label={t('case.timeline')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {actions.map((action, index) => (
        <Box
          component="li"
          key={action.id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: index === actions.length - 1 ? 0 : 3,
            // The line down the timeline, and a dot for each action.
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              bottom: 0,
              borderLeft: index === actions.length - 1 ? 'none' : '2px solid',
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
              bgcolor: action.type === 0 ? 'primary.main' : 'grey.500',
            },
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
              {actionTypeText(action.type)}
            </Typography>
            <Chip size="small" variant="outlined" label={day(action.date)} />
            <Typography variant="body2" color="text.secondary">
              {t('case.by', { name: action.authorName })}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {action.text}
          </Typography>
          {action.attachments.length > 0 && (
            <Stack
              component="ul"
              aria-label={t('case.attachments')}
              direction="row"
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap', gap: 1 }}
            >
              {action.attachments.map((attachment) => (
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
      ))}
    </Box>
  );
}
