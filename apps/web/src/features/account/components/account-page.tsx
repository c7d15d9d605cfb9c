import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AccountPageProps {
  title: string;
  children: ReactNode;
}

/**
 * The frame both account pages share: the page title (heading and document title) and the
 * content column, aligned with the breadcrumb above it.
 */
export function AccountPage({ title, children }: AccountPageProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ width: '100%', maxWidth: 960, px: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2 }, pb: { xs: 3, sm: 4 } }}
    >
      <title>{`${title} · ${t('appName')}`}</title>
      <Typography id={titleId} variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
