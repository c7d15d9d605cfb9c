import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { irAdminNs } from '../../../locales/ir-admin';

/**
 * Every member as CSV (`GET /ir/admin/members/export.csv`), streamed and audited by the server;
 * masked for one who sees NRICs masked (docs/product/ir.md §1).
 */
export function ExportTab({ nricMasked }: { nricMasked: boolean }) {
  const { t } = useTranslation(irAdminNs);
  const download = useDownloadFile('ir');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await download('/ir/admin/members/export.csv', 'members.csv');
    } catch (error) {
      setFailure(error instanceof Error ? errorText(error) : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('export.intro')}</Typography>
      {nricMasked && <Alert severity="info">{t('export.masked')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button variant="contained" disabled={busy} onClick={() => void run()}>
        {busy ? t('export.downloading') : t('export.download')}
      </Button>
    </Stack>
  );
}
