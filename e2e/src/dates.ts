import type { Locator } from 'playwright-core';

/** An ISO date (YYYY-MM-DD) as the date inputs read it: DD/MM/YYYY, in both languages. */
export function typedDate(iso: string): string {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) ?? [];
  if (year === undefined || month === undefined || day === undefined) throw new Error(`not an ISO date: ${iso}`);
  return `${day}/${month}/${year}`;
}

/**
 * Types a date into a date input (apps/web/src/components/date-field.tsx) as a user would: the
 * field emptied, then the date key by key, day first.
 */
export async function fillDate(input: Locator, iso: string): Promise<void> {
  await input.clear();
  await input.pressSequentially(typedDate(iso));
}
