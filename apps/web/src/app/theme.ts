import { createTheme } from '@mui/material/styles';

/** Seed §9 brand colours. */
export const PRIMARY_COLOR = '#004D6C';
export const SECONDARY_COLOR = '#F5F5DC';
export const INFO_COLOR = '#008080';

/** Leave status colours (docs/product/specification.md §4, §9): one per status name, codes 4 and 5 share one. */
export const STATUS_PENDING_COLOR = '#f0ad4e';
export const STATUS_APPROVED_COLOR = '#5cb85c';
export const STATUS_REJECTED_COLOR = '#d9534f';
export const STATUS_CANCELLED_COLOR = '#8a8a8a';
export const STATUS_PENDING_CANCELLATION_COLOR = '#FF8C00';

/**
 * Sidebar geometry (docs/product/specification.md §9 "Sidebar width 250 (collapsed 20; 50 for the button column)"), in
 * pixels. Read here as: every row of the sidebar (navigation items, user card, Sign Out, the
 * collapse toggle) puts its icon in a column 50 px wide, so icons stay where they are when the
 * sidebar collapses; collapsed (large screens only: a toggle in the sidebar's header), the
 * sidebar keeps just that column plus 20 px of padding, 10 px either side, as an icon rail.
 * A rail of 20 px alone would hold no usable button.
 */
export const SIDEBAR_WIDTH = 250;
export const SIDEBAR_COLLAPSED_WIDTH = 20;
export const SIDEBAR_BUTTON_COLUMN_WIDTH = 50;
export const SIDEBAR_RAIL_WIDTH = SIDEBAR_BUTTON_COLUMN_WIDTH + SIDEBAR_COLLAPSED_WIDTH;
/** Below this breakpoint the sidebar is a temporary drawer instead of a permanent one (docs/product/specification.md §2). */
export const SIDEBAR_BREAKPOINT = 'lg' as const;

export const theme = createTheme({
  palette: {
    primary: { main: PRIMARY_COLOR },
    secondary: { main: SECONDARY_COLOR },
    info: { main: INFO_COLOR },
    background: { default: '#f4f6f8' },
    // WCAG AA for normal text: MUI's default (3) would put white text on the warning orange.
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 8 },
  typography: {
    // System fonts: nothing to download, and the CSP allows no third-party font host.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // A sortable column's header is a button with no outline (ButtonBase removes it): the keyboard
    // needs to see where it is (docs/product/qualities.md §3).
    MuiTableSortLabel: {
      styleOverrides: {
        root: ({ theme: current }) => ({
          borderRadius: 4,
          '&.Mui-focusVisible': { outline: `2px solid ${current.palette.primary.main}`, outlineOffset: 2 },
        }),
      },
    },
  },
});
