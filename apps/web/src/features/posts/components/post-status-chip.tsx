import Chip from '@mui/material/Chip';
import type { PostStatus } from '@staff-portal/shared/posts-rules';
import { useTranslation } from 'react-i18next';
import { postsNs } from '../../../locales/posts';

const COLOUR = { draft: 'default', scheduled: 'info', published: 'success', expired: 'warning' } as const;

/** A post's status from the clock (decision record 0048): draft, scheduled, published or expired. */
export function PostStatusChip({ status }: { status: PostStatus }) {
  const { t } = useTranslation(postsNs);
  return (
    <Chip
      label={t(`status.${status}`)}
      size="small"
      color={COLOUR[status]}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
