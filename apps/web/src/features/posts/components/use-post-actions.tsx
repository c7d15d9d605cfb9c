import type { AdminPostSummary } from '@staff-portal/shared/posts';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotification } from '../../../components/notification-context';
import { postsNs } from '../../../locales/posts';
import { useDeletePost } from '../api/delete-post';
import { useDuplicatePost } from '../api/duplicate-post';
import { useUnpublishPost } from '../api/unpublish-post';
import { editPath } from '../paths';
import { ConfirmDialog } from '../../../components/confirm-dialog';

type Target = Pick<AdminPostSummary, 'id' | 'title' | 'kind'>;

export interface PostActions {
  /** Asks, then takes the post back to a draft. */
  unpublish: (post: Target) => void;
  /** Asks, then deletes the post. */
  remove: (post: Target) => void;
  /** Copies the post as a new draft and opens it. */
  duplicate: (post: Target) => void;
  busy: boolean;
  /** The confirmation dialogs, to be rendered once by the screen. */
  dialogs: ReactNode;
}

/**
 * The actions on a post the list and the edit screen share (docs/product/screens.md §13,
 * decision record 0048): unpublish and delete after a confirmation, duplicate straight away
 * (the copy is a draft nobody sees, and it opens for editing). `onDeleted` runs once a post is gone.
 */
export function usePostActions({ onDeleted }: { onDeleted?: (post: Target) => void } = {}): PostActions {
  const { t } = useTranslation(postsNs);
  const { notify } = useNotification();
  const navigate = useNavigate();
  const unpublish = useUnpublishPost();
  const remove = useDeletePost();
  const duplicate = useDuplicatePost();
  const [asking, setAsking] = useState<{ action: 'delete' | 'unpublish'; post: Target } | null>(null);

  const confirm = () => {
    if (asking === null) return;
    const { action, post } = asking;
    if (action === 'delete') {
      remove.mutate(post.id, {
        onSuccess: () => {
          setAsking(null);
          notify({ message: t('actions.deleted', { title: post.title }) });
          onDeleted?.(post);
        },
      });
    } else {
      unpublish.mutate(post.id, {
        onSuccess: () => {
          setAsking(null);
          notify({ message: t('actions.unpublished', { title: post.title }) });
        },
      });
    }
  };

  const busy = unpublish.isPending || remove.isPending || duplicate.isPending;
  const texts = asking?.action === 'delete' ? 'actions.confirmDelete' : 'actions.confirmUnpublish';
  return {
    unpublish: (post) => setAsking({ action: 'unpublish', post }),
    remove: (post) => setAsking({ action: 'delete', post }),
    duplicate: (post) =>
      duplicate.mutate(post.id, {
        onSuccess: (copy) => {
          notify({ message: t('actions.duplicated') });
          void navigate(editPath(copy.kind, copy.id));
        },
      }),
    busy,
    dialogs: (
      <ConfirmDialog
        open={asking !== null}
        title={t(`${texts}.title`)}
        body={t(`${texts}.text`, { title: asking?.post.title ?? '' })}
        confirmLabel={t(`${texts}.confirm`)}
        cancelLabel={t('cancel')}
        confirmColour="error"
        busy={remove.isPending || unpublish.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
    ),
  };
}
