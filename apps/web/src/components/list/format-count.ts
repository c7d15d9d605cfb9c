/** Counts as the user reads them: "1,000" in English, "1,000" or "1.000" as the language writes it. */
const countFormats = new Map<string, Intl.NumberFormat>();

/** A count of rows in the language shown (`i18n.resolvedLanguage`). */
export function formatCount(value: number, language: string | undefined): string {
  const tag = language === 'ms' ? 'ms-MY' : 'en-MY';
  let format = countFormats.get(tag);
  if (format === undefined) {
    format = new Intl.NumberFormat(tag);
    countFormats.set(tag, format);
  }
  return format.format(value);
}
