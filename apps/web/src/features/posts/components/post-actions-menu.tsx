import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AdminPostSummary } from '@staff-portal/shared/posts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { postsNs } from '../../../locales/posts';
import { editPath } from '../paths';
import type { PostActions } from './use-post-actions';

/** Whether a post can be taken back to a draft: it has a publish time that has not passed into expiry. */
export const canUnpublish = (post: Pick<AdminPostSummary, 'status'>) =>
  post.status === 'scheduled' || post.status === 'published';

/** A row's actions in one menu, so the row fits a phone: edit, unpublish, duplicate, delete. */
export function PostActionsMenu({ post, actions }: { post: AdminPostSummary; actions: PostActions }) {
  const { t } = useTranslation(postsNs);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <IconButton
        aria-label={t('list.actionsFor', { title: post.title })}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor !== null}
        disabled={actions.busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem component={RouterLink} to={editPath(post.kind, post.id)} onClick={close}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.edit')}</ListItemText>
        </MenuItem>
        {canUnpublish(post) && (
          <MenuItem onClick={run(() => actions.unpublish(post))}>
            <ListItemIcon>
              <UnpublishedOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('actions.unpublish')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(() => actions.duplicate(post))}>
          <ListItemIcon>
            <ContentCopyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('actions.duplicate')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(() => actions.remove(post))}>
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{t('actions.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
