import type { SxProps, Theme } from '@mui/material/styles';
import { SIDEBAR_COLLAPSED_WIDTH } from '../theme';

/** Hidden on screen, still read by screen readers: the labels of the collapsed rail. */
export const visuallyHiddenSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * One row of the sidebar: half the collapsed padding either side and no inner padding, so its
 * icon sits in the 50 px button column whether the sidebar is open or collapsed (theme.ts).
 */
export const sidebarRowSx = {
  mx: `${SIDEBAR_COLLAPSED_WIDTH / 2}px`,
  px: 0,
  borderRadius: 2,
  minHeight: 44,
  color: 'inherit',
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.1)' },
  // The sidebar is dark: MUI's grey focus tint would barely show, so draw a light ring, outside
  // the row so it also shows around the light highlighted item.
  '&.Mui-focusVisible, &:focus-visible': {
    outline: '2px solid',
    outlineColor: 'secondary.main',
    outlineOffset: '2px',
    bgcolor: 'rgba(255, 255, 255, 0.1)',
  },
} satisfies SxProps<Theme>;
