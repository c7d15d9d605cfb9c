import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { LOADING_LABEL } from '../lib/messages';

/** Centred spinner for anything still loading: a lazy page, the runtime config. */
export function LoadingFallback({ label = LOADING_LABEL }: { label?: string }) {
  return (
    <Box sx={{ flexGrow: 1, minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
