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
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { errorText } from '../../../lib/error-text';
import { irAdminNs } from '../../../locales/ir-admin';
import { useCategories, useSaveCategory } from '../api/ir-admin-api';
import { LoadState } from './load-state';

/** Categories: add, rename, deactivate and activate; never delete (docs/product/ir.md §2). */
export function CategoriesTab({ canAdminister }: { canAdminister: boolean }) {
  const { t } = useTranslation(irAdminNs);
  const categories = useCategories();
  const save = useSaveCategory();
  const [name, setName] = useState('');
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

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return;
    save.mutate(
      { name: trimmed },
      {
        onSuccess: () => {
          setName('');
          setMessage(t('categories.added', { name: trimmed }));
        },
      },
    );
  };

  if (categories.data === undefined) {
    return <LoadState failed={categories.isError} retry={() => void categories.refetch()} />;
  }
  return (
    <Stack spacing={2}>
      {!canAdminister && <Alert severity="info">{t('categories.readOnly')}</Alert>}
      {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
      {message && !save.error && <Alert severity="success">{message}</Alert>}
      {canAdminister && (
        <Stack component="form" direction="row" spacing={1} onSubmit={add} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('categories.newName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('categories.add')}
          </Button>
        </Stack>
      )}
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
          {categories.data.map((category) => (
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
          pending={save.isPending}
          onClose={() => setRenaming(null)}
          onSave={(next) =>
            save.mutate(
              { id: renaming.id, name: next },
              {
                onSuccess: () => {
                  setRenaming(null);
                  setMessage(t('categories.saved'));
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}

function RenameDialog(props: {
  category: Category;
  pending: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}) {
  const { t } = useTranslation(irAdminNs);
  const [name, setName] = useState(props.category.name);
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('categories.renameTitle', { name: props.category.name })}
      pending={props.pending}
      submitLabel={t('save')}
      pendingLabel={t('save')}
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== '') props.onSave(name.trim());
      }}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <TextField
        autoFocus
        fullWidth
        label={t('categories.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </FormDialog>
  );
}
