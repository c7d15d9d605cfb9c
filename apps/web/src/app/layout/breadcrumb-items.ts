export interface BreadcrumbItem {
  /** Upper-case text of the crumb; the first one is HOME (translated by the caller). */
  label: string;
  /** Where the crumb leads. */
  to: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape in a typed URL: show it as typed rather than fail the layout.
    return segment;
  }
}

/**
 * Seed §2: the path's segments in upper case, starting with HOME; each crumb links to the path
 * up to and including its segment. Empty segments (a doubled or trailing slash) are skipped.
 */
export function breadcrumbItems(pathname: string, homeLabel: string): BreadcrumbItem[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  return [
    { label: homeLabel, to: '/' },
    ...segments.map((segment, index) => ({
      label: decodeSegment(segment).toUpperCase(),
      to: `/${segments.slice(0, index + 1).join('/')}`,
    })),
  ];
}
