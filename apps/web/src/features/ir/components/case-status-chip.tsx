import Chip from '@mui/material/Chip';
import { CASE_STATUS } from '@staff-portal/shared/ir-rules';
import { caseStatusText } from '../ir-texts';

/** A case's status in the seed's words: PENDING (warning) or CASE CLOSED (done). */
export function CaseStatusChip({ status }: { status: number }) {
  const pending = status === CASE_STATUS.PENDING;
  return (
    <Chip
      label={caseStatusText(status)}
      size="small"
      data-status={String(status)}
      color={pending ? 'warning' : 'success'}
      variant={pending ? 'filled' : 'outlined'}
      sx={{ fontWeight: 700, letterSpacing: 0.3 }}
    />
  );
}
