import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The common frame of a page: its document title, its heading and room on a phone. */
export function PageFrame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1200, width: '100%', minWidth: 0 }}>
      <title>{`${title} · ${t('appName')}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: intro === undefined ? 2 : 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {title}
      </Typography>
      {intro !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}
