import { useTranslation } from 'react-i18next';

/**
 * The one logo file lives in `public/` because index.html also uses it as the favicon; React
 * refers to it by URL instead of keeping a second copy under `src/assets` that could drift.
 */
export const LOGO_URL = `${import.meta.env.BASE_URL}logo.svg`;

/**
 * `alt` defaults to the app's name; pass "" where the name is already written beside the logo.
 * A plain image, no MUI: the sign-in page shows it and loads no MUI (docs/product/qualities.md).
 */
export function Logo({ size = 64, alt }: { size?: number; alt?: string }) {
  const { t } = useTranslation();
  return <img src={LOGO_URL} alt={alt ?? t('appName')} width={size} height={size} style={{ display: 'block' }} />;
}
