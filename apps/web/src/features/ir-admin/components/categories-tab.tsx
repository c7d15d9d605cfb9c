import type { Category } from '@staff-portal/shared/ir';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { isAppError } from '@staff-portal/shared/errors';
import { createCategoryInputSchema } from '@staff-portal/shared/ir';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { QueryState } from '../../../components/query-state';
import { errorText } from '../../../lib/error-text';
import { showErrorAtField } from '../../../lib/field-error';
import { plainResolver } from '../../../lib/plain-resolver';
import { irAdminNs } from '../../../locales/ir-admin';
import { useCategories, useSaveCategory } from '../api/ir-admin-api';

interface NameValues {
  name: string;
}
/** A category's name, checked as the server will (required, at most 80 characters). */
const nameResolver = plainResolver(createCategoryInputSchema);

/** Categories: add, rename, deactivate and activate; never delete (docs/product/ir.md §2). */
export function CategoriesTab({ canAdminister }: { canAdminister: boolean }) {
  const { t } = useTranslation(irAdminNs);
  const categories = useCategories();
  const save = useSaveCategory();
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [deactivating, setDeactivating] = useState<Category | null>(null);
  const setActive = (category: Category, active: boolean) => {
    setMessage(null);
    save.mutate(
      { id: category.id, active },
      {
        onSuccess: () => {
          setDeactivating(null);
          setMessage(t('categories.saved'));
        },
      },
    );
  };
  const [message, setMessage] = useState<string | null>(null);

  const { control, handleSubmit, setError, reset } = useForm<NameValues>({
    defaultValues: { name: '' },
    resolver: nameResolver,
  });
  const add = handleSubmit(({ name }) => {
    setMessage(null);
    save.mutate(
      { name },
      {
        onSuccess: () => {
          reset();
          setMessage(t('categories.added', { name }));
        },
        onError: (error) => showErrorAtField(error, setError, ['name']),
      },
    );
  });

  return (
    <Stack spacing={2}>
      {!canAdminister && <Alert severity="info">{t('categories.readOnly')}</Alert>}
      {/* A refusal of the new name is said under it; any other, here. */}
      {save.error && !(isAppError(save.error) && save.error.field === 'name') && (
        <Alert severity="error">{errorText(save.error)}</Alert>
      )}
      {message && !save.error && <Alert severity="success">{message}</Alert>}
      {canAdminister && (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          noValidate
          onSubmit={(event) => void add(event)}
          sx={{ alignItems: 'flex-start' }}
        >
          <FormTextField
            control={control}
            name="name"
            size="small"
            label={t('categories.newName')}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('categories.add')}
          </Button>
        </Stack>
      )}
      <QueryState query={categories}>
        {(data) => (
          <Table size="small" aria-label={t('categories.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('categories.name')}</TableCell>
                <TableCell>{t('categories.status')}</TableCell>
                <TableCell align="right">{t('categories.cases')}</TableCell>
                {canAdminister && <TableCell>{t('categories.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((category) => (
                <TableRow key={category.id}>
                  <TableCell>{category.name}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={category.active ? 'success' : 'default'}
                      label={category.active ? t('categories.active') : t('categories.inactive')}
                    />
                  </TableCell>
                  <TableCell align="right">{category.caseCount}</TableCell>
                  {canAdminister && (
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setRenaming(category)}
                        aria-label={`${t('categories.rename')} ${category.name}`}
                      >
                        {t('categories.rename')}
                      </Button>
                      <Button
                        size="small"
                        disabled={save.isPending}
                        onClick={() =>
                          // Cases that use it keep it; new ones no longer can: asked first (docs/product/screens.md §12).
                          category.active && category.caseCount > 0
                            ? setDeactivating(category)
                            : setActive(category, !category.active)
                        }
                        aria-label={`${category.active ? t('categories.deactivate') : t('categories.activate')} ${category.name}`}
                      >
                        {category.active ? t('categories.deactivate') : t('categories.activate')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryState>
      <ConfirmDialog
        open={deactivating !== null}
        title={t('categories.deactivateTitle', { name: deactivating?.name ?? '' })}
        body={t('categories.deactivateBody', { count: deactivating?.caseCount ?? 0 })}
        confirmLabel={t('categories.deactivate')}
        cancelLabel={t('cancel')}
        busy={save.isPending}
        onConfirm={() => deactivating && setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
      {renaming && (
        <RenameDialog
          category={renaming}
          onClose={() => setRenaming(null)}
          onSaved={() => {
            setRenaming(null);
            setMessage(t('categories.saved'));
          }}
        />
      )}
    </Stack>
  );
}

function RenameDialog({
  category,
  onClose,
  onSaved,
}: {
  category: Category;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(irAdminNs);
  const save = useSaveCategory();
  const { control, handleSubmit, setError } = useForm<NameValues>({
    defaultValues: { name: category.name },
    resolver: nameResolver,
  });
  const submit = handleSubmit(({ name }) =>
    save.mutate(
      { id: category.id, name },
      { onSuccess: onSaved, onError: (error) => showErrorAtField(error, setError, ['name']) },
    ),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('categories.renameTitle', { name: category.name })}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('save')}
      onSubmit={(event) => void submit(event)}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <FormTextField
        control={control}
        name="name"
        autoFocus
        fullWidth
        label={t('categories.name')}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}
