import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { breadcrumbItems } from './breadcrumb-items';

/** Seed §2: on small screens, at most this many crumbs, preceded by an ellipsis. */
export const SMALL_SCREEN_MAX_CRUMBS = 3;

/**
 * The breadcrumb above the content (docs/product/specification.md §2). "Small screens" means below `sm` (600 px, a
 * phone): below `lg` the sidebar is a temporary drawer, so the content has the whole width, and
 * from 600 px up the longest path of the route table (five crumbs) fits on one line; on a phone
 * it would wrap over several lines and push the page down.
 */
export function AppBreadcrumb() {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const items = breadcrumbItems(pathname, t('breadcrumb.home'));

  return (
    <Breadcrumbs
      // A new path starts collapsed again, even after the ellipsis was expanded on the last one.
      key={pathname}
      aria-label={t('breadcrumb.label')}
      expandText={t('breadcrumb.showPath')}
      {...(small ? { maxItems: SMALL_SCREEN_MAX_CRUMBS, itemsBeforeCollapse: 0, itemsAfterCollapse: 3 } : {})}
      sx={{
        fontSize: '0.8125rem',
        fontWeight: 600,
        letterSpacing: '0.04em',
        '& ol': { rowGap: 0.5 },
        // The ellipsis is MUI's 24×16 button: padded to a 32×24 target for a finger (WCAG 2.5.8).
        '& li > button': { p: 0.5, ml: 0, color: 'primary.main' },
      }}
    >
      {items.map((item, index) =>
        index === items.length - 1 ? (
          <Typography
            key={item.to}
            aria-current="page"
            sx={{ font: 'inherit', letterSpacing: 'inherit', color: 'text.primary', wordBreak: 'break-word' }}
          >
            {item.label}
          </Typography>
        ) : (
          <Link
            key={item.to}
            component={RouterLink}
            to={item.to}
            underline="hover"
            sx={{ color: 'primary.main', wordBreak: 'break-word' }}
          >
            {item.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
