import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type StatusTone = 'primary' | 'info' | 'warning' | 'error';

interface StatusPageProps {
  icon: ReactNode;
  title: string;
  message: string;
  tone?: StatusTone;
  /** Buttons under the message, first one primary. */
  actions?: ReactNode;
}

/** A centred card for whole-page states: not found, no permission, under construction, errors. */
export function StatusPage({ icon, title, message, tone = 'primary', actions }: StatusPageProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, sm: 8 } }}
    >
      <title>{`${title} · ${t('appName')}`}</title>
      <Card
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 520,
          px: { xs: 3, sm: 5 },
          py: { xs: 4, sm: 5 },
          textAlign: 'center',
          borderRadius: 3,
        }}
      >
        <Box
          aria-hidden
          sx={(theme) => ({
            mx: 'auto',
            mb: 3,
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            // The dark shade keeps the icon above 3:1 against its tint for the lighter tones.
            color: tone === 'primary' ? theme.palette.primary.main : theme.palette[tone].dark,
            backgroundColor: alpha(theme.palette[tone].main, 0.12),
            '& svg': { fontSize: 40 },
          })}
        >
          {icon}
        </Box>
        <Typography id={titleId} variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mb: actions === undefined ? 0 : 4 }}>
          {message}
        </Typography>
        {actions !== undefined && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
            {actions}
          </Stack>
        )}
      </Card>
    </Box>
  );
}
