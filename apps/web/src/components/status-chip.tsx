import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import { leaveStatusColour, leaveStatusLabel } from '@staff-portal/shared/leave';

const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

/**
 * The text colour that reads best on a status colour. The seed's colours are all light or
 * mid-tone (white on its amber or orange is about 2:1), so this picks near-black for each of
 * them; computed rather than fixed so a changed colour keeps readable text.
 */
export function statusTextColour(background: string): string {
  return getContrastRatio(DARK_TEXT, background) >= getContrastRatio(LIGHT_TEXT, background) ? DARK_TEXT : LIGHT_TEXT;
}

interface StatusChipProps {
  /** A leave status code (docs/product/specification.md §4); any other value shows "-". */
  status: number;
  size?: ChipProps['size'];
  /**
   * Let a long label ("PENDING CANCELLATION") wrap onto a second line, with less padding, instead
   * of being cut short with an ellipsis where the chip sits in a narrow column (the staff
   * movement grid).
   */
  wrap?: boolean;
}

/** A leave status in the seed's name and colour (docs/product/specification.md §4, §9). */
export function StatusChip({ status, size = 'small', wrap = false }: StatusChipProps) {
  const label = leaveStatusLabel(status);
  const colour = leaveStatusColour(status);
  const wrapping = wrap
    ? { height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, px: 0.75 } }
    : {};
  return (
    <Chip
      label={label}
      size={size}
      data-status={String(status)}
      variant={colour === undefined ? 'outlined' : 'filled'}
      sx={
        colour === undefined
          ? { fontWeight: 600, ...wrapping }
          : {
              fontWeight: 700,
              backgroundColor: colour,
              color: statusTextColour(colour),
              letterSpacing: 0.3,
              ...wrapping,
            }
      }
    />
  );
}
