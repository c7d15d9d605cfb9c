import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passesGuards } from '@staff-portal/shared/groups';
import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { routeTable } from './route-paths';

/** The guard groups the route table records for a path; a path not in the table is a bug. */
export function guardsOf(path: string) {
  const entry = routeTable.find((route) => route.path === path);
  if (entry === undefined) throw new Error(`No route ${path} in the route table.`);
  return entry.guards;
}

/**
 * The pages a page leads to: the route table's paths one level under it (not those with a
 * parameter, which are reached from a list). A hub is such a page.
 */
function childPathsOf(path: string): string[] {
  const prefix = `${path}/`;
  return routeTable
    .map((route) => route.path)
    .filter((child) => child.startsWith(prefix) && !child.slice(prefix.length).includes('/') && !child.includes(':'));
}

/**
 * Whether the signed-in user may open a path, by the route's own guard, so a link is shown
 * exactly when following it would not end on the Unauthorized page; and, for a page that leads
 * to others (a hub), when it leads to one they may open too, so that no link ends on an empty
 * hub (docs/product/screens.md §3: the IR hub admits HR, none of its pages does).
 */
export function useMayOpen(): (path: string) => boolean {
  const { user, superAdminUserId } = useAuth();
  return useCallback(
    (path: string) => {
      if (user === null) return false;
      const passes = (guarded: string) =>
        passesGuards({ id: user.id, groups: user.department }, guardsOf(guarded), { superAdminUserId });
      if (!passes(path)) return false;
      const children = childPathsOf(path);
      return children.length === 0 || children.some(passes);
    },
    [user, superAdminUserId],
  );
}

export interface LinkCard {
  key: string;
  path: string;
  icon: ReactNode;
  title: string;
  description: string;
}

interface LinkCardGridProps {
  cards: readonly LinkCard[];
  /** The accessible name of a card's link, e.g. "Open E-Leave System". */
  openLabel: (title: string) => string;
  labelledBy?: string;
  /** Under a section heading (h2) the cards are h3; directly under the page's h1 they are h2. */
  cardHeading?: 'h2' | 'h3';
}

/** Cards linking to pages (home's quick links, the hub pages), one column on a phone. */
export function LinkCardGrid({ cards, openLabel, labelledBy, cardHeading = 'h3' }: LinkCardGridProps) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {cards.map(({ key, path, icon, title, description }) => (
        <li key={key}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={path}
              aria-label={openLabel(title)}
              sx={{ height: '100%', alignItems: 'flex-start' }}
            >
              <CardContent>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}>
                  {icon}
                  <Typography variant="subtitle1" component={cardHeading} sx={{ fontWeight: 700 }}>
                    {title}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
