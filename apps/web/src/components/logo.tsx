import Box from '@mui/material/Box';
import { APP_NAME } from '../lib/messages';

/**
 * The one logo file lives in `public/` because index.html also uses it as the favicon; React
 * refers to it by URL instead of keeping a second copy under `src/assets` that could drift.
 */
export const LOGO_URL = `${import.meta.env.BASE_URL}logo.svg`;

export function Logo({ size = 64, alt = APP_NAME }: { size?: number; alt?: string }) {
  return <Box component="img" src={LOGO_URL} alt={alt} width={size} height={size} sx={{ display: 'block' }} />;
}
