import Chip from '@mui/material/Chip';
import { CASE_STATUS } from '@staff-portal/shared/ir-rules';
import { statusTextColour } from '../../../components/status-chip';
import { caseStatusText } from '../ir-texts';

/** Amber for a case still to be dealt with, green for a closed one; the text picked to read on each. */
const COLOURS: Record<number, string> = { [CASE_STATUS.PENDING]: '#ffcc80', [CASE_STATUS.CASE_CLOSED]: '#c8e6c9' };

/** A case's status in the seed's words (docs/product/specification.md §4.3): PENDING or CASE CLOSED. */
export function CaseStatusChip({ status }: { status: number }) {
  const colour = COLOURS[status];
  return (
    <Chip
      label={caseStatusText(status)}
      size="small"
      data-status={String(status)}
      variant={colour === undefined ? 'outlined' : 'filled'}
      sx={{
        fontWeight: 700,
        letterSpacing: 0.3,
        ...(colour === undefined ? {} : { backgroundColor: colour, color: statusTextColour(colour) }),
      }}
    />
  );
}
