import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { MAX_POST_TITLE } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { postDepartments } from '@staff-portal/shared/posts-rules';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormCheckbox } from '../../components/form-checkbox';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { Facts } from '../../components/facts';
import { FormTextField } from '../../components/form-text-field';
import { useNotification } from '../../components/notification-context';
import { PageFrame } from '../../components/page-frame';
import { QueryState } from '../../components/query-state';
import { useUnsavedChangesPrompt } from '../../components/unsaved-changes-prompt';
import { errorText } from '../../lib/error-text';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { postsNs } from '../../locales/posts';
import { useCreatePost } from './api/create-post';
import { useAdminPost } from './api/get-post';
import { useUpdatePost } from './api/update-post';
import { AttachmentsSection, ChosenAttachments } from './components/attachments-section';
import { AudienceField } from './components/audience-field';
import { MarkdownEditor } from './components/markdown-editor';
import { canUnpublish } from './components/post-actions-menu';
import { PostStatusChip } from './components/post-status-chip';
import { UnseenSection } from './components/unseen-section';
import { usePostActions } from './components/use-post-actions';
import { editPath, kindOfPath, listPath } from './paths';
import { emptyPostForm, formFieldOf, localNow, postFormResolver, postFormValues } from './post-form';
import type { PostFormOutput, PostFormValues } from './post-form';
import { usePostTexts } from './post-texts';
import { showErrorAtField } from '../../lib/field-error';

function Section({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" {...(title === undefined ? {} : { 'aria-label': title })}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{children}</CardContent>
    </Card>
  );
}

/**
 * `/announcements/create`, `/staff-info/create` (CreateAnnouncement) and `/announcements/{id}`,
 * `/staff-info/{id}` (UpdateAnnouncement), ADMIN: the one create and edit screen of posts
 * (docs/product/screens.md §13, decision record 0048). A new post's kind comes from its path; a
 * saved post keeps its own.
 */
export function PostEditorPage() {
  const { t } = useTranslation(postsNs);
  const { id } = useParams();
  const { pathname } = useLocation();
  const pathKind = kindOfPath(pathname);
  const post = useAdminPost(id);
  if (id === undefined) {
    return (
      <PageFrame title={t(`kind.${pathKind}.createTitle`)}>
        <BackLink kind={pathKind} />
        <PostEditor key="new" kind={pathKind} />
      </PageFrame>
    );
  }
  const kind = post.data?.kind ?? pathKind;
  return (
    <PageFrame title={t(`kind.${kind}.editTitle`)}>
      <BackLink kind={kind} />
      <QueryState query={post}>{(data) => <PostEditor key={data.id} kind={data.kind} post={data} />}</QueryState>
    </PageFrame>
  );
}

function BackLink({ kind }: { kind: PostKind }) {
  const { t } = useTranslation(postsNs);
  return (
    <Button component={RouterLink} to={listPath(kind)} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
      {t(`kind.${kind}.back`)}
    </Button>
  );
}

function PostEditor({ kind, post }: { kind: PostKind; post?: AdminPost }) {
  const { t } = useTranslation(postsNs);
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? '');
  const timeZone = organisation.timeZone;
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm<
    PostFormValues,
    unknown,
    PostFormOutput
  >({
    defaultValues: post === undefined ? emptyPostForm : postFormValues(post, timeZone),
    resolver: postFormResolver(kind, timeZone, t('form.noDepartment')),
  });
  const saving = create.isPending || update.isPending;
  // A new post's files, sent with it when it is created; a saved post's are uploaded as chosen.
  const [chosen, setChosen] = useState<File[]>([]);
  const [filesProblem, setFilesProblem] = useState<string | null>(null);
  // Asks before the page is left with changes not saved (a saved post's attachments are saved as they are added).
  const leaving = useUnsavedChangesPrompt(formState.isDirty || chosen.length > 0);
  const actions = usePostActions({
    onDeleted: () => {
      leaving.allowLeaving();
      void navigate(listPath(kind));
    },
  });

  const submit = handleSubmit((input) => {
    const onSuccess = (saved: AdminPost) => {
      reset(postFormValues(saved, timeZone));
      notify({ message: t(post === undefined ? 'form.created' : 'form.saved') });
      if (post === undefined) {
        leaving.allowLeaving();
        void navigate(editPath(saved.kind, saved.id), { replace: true });
      }
    };
    const onError = (error: Error) => {
      if (!isAppError(error)) return;
      // A refusal names its field (`title`, `audience.2`...): it is shown there (decision record 0035).
      if (error.field === 'attachments') {
        setFilesProblem(errorText(error));
        return;
      }
      showErrorAtField(error, setError, formFieldOf, { shouldFocus: true });
    };
    if (post === undefined) create.mutate({ input, files: chosen }, { onSuccess, onError });
    else update.mutate(input, { onSuccess, onError });
  });

  const form = (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => void submit(event)}
      aria-label={t('form.details')}
    >
      {Object.keys(formState.errors).length > 0 && formState.isSubmitted && (
        <Alert severity="error">{t('form.fix')}</Alert>
      )}
      <FormTextField
        control={control}
        name="title"
        label={t('form.title')}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: MAX_POST_TITLE } }}
      />
      <Controller
        control={control}
        name="body"
        render={({ field, fieldState }) => (
          <MarkdownEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="audience"
        render={({ field, fieldState }) => (
          <AudienceField
            value={field.value}
            onChange={field.onChange}
            departments={postDepartments(organisation.department)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Stack spacing={1}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('form.when')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {(['publishAt', 'expireAt'] as const).map((name) => (
            <FormTextField
              key={name}
              control={control}
              name={name}
              type="datetime-local"
              label={t(`form.${name}`)}
              fullWidth
              helperText={t(name === 'publishAt' ? 'form.publishHint' : 'form.expireHint')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            size="small"
            onClick={() =>
              setValue('publishAt', localNow(timeZone), { shouldDirty: true, shouldValidate: formState.isSubmitted })
            }
          >
            {t('form.publishNow')}
          </Button>
          <Button
            size="small"
            onClick={() => setValue('publishAt', '', { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            {t('form.clearPublish')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('form.timeZone', { zone: timeZone })}
          </Typography>
        </Stack>
      </Stack>
      <Stack spacing={0}>
        <FormCheckbox control={control} name="pinned" label={t('form.pinned')} />
        <Box>
          <FormCheckbox control={control} name="emailAudience" label={t('form.emailAudience')} />
          <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{t('form.emailHint')}</FormHelperText>
        </Box>
      </Stack>
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {saving ? t('form.saving') : t(post === undefined ? 'form.create' : 'form.save')}
        </Button>
      </Box>
    </Stack>
  );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Section>{form}</Section>
      <Stack spacing={3}>
        {post !== undefined && (
          <Section title={t('facts.label')}>
            <PostFacts post={post} />
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
              {canUnpublish(post) && (
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<UnpublishedOutlinedIcon />}
                  disabled={actions.busy}
                  onClick={() => actions.unpublish(post)}
                >
                  {t('actions.unpublish')}
                </Button>
              )}
              <Button
                variant="outlined"
                size="small"
                startIcon={<ContentCopyOutlinedIcon />}
                disabled={actions.busy}
                onClick={() => actions.duplicate(post)}
              >
                {t('actions.duplicate')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                disabled={actions.busy}
                onClick={() => actions.remove(post)}
              >
                {t('actions.delete')}
              </Button>
            </Stack>
          </Section>
        )}
        <Section title={t('attachments.title')}>
          {post === undefined ? (
            <ChosenAttachments
              files={chosen}
              onChange={setChosen}
              busy={saving}
              problem={filesProblem}
              setProblem={setFilesProblem}
            />
          ) : (
            <AttachmentsSection post={post} />
          )}
        </Section>
        {post !== undefined && (
          <Section title={t('unseen.title')}>
            <UnseenSection post={post} />
          </Section>
        )}
      </Stack>
      {actions.dialogs}
      {leaving.prompt}
    </Box>
  );
}

function PostFacts({ post }: { post: AdminPost }) {
  const { t } = useTranslation(postsNs);
  const texts = usePostTexts();
  const expire = texts.expire(post);
  const emailed =
    post.emailedAt !== null
      ? t('facts.emailedAt', { at: texts.at(post.emailedAt), count: post.emailRecipients ?? 0 })
      : post.emailAudience
        ? t('facts.notEmailed')
        : t('facts.noEmail');
  return (
    <Facts
      label={t('facts.label')}
      facts={[
        [t('facts.status'), <PostStatusChip key="status" status={post.status} />],
        [t('list.columns.times'), expire === undefined ? texts.publish(post) : `${texts.publish(post)}; ${expire}`],
        [t('facts.author'), post.authorName],
        [t('facts.lastEditor'), post.lastEditorName],
        [t('facts.updatedAt'), texts.at(post.updatedAt)],
        [t('facts.emailed'), emailed],
        [t('facts.seen'), texts.seen(post.seen)],
      ]}
    />
  );
}
