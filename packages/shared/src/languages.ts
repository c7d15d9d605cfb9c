import { z } from 'zod';

/**
 * The portal's languages: English and Bahasa Malaysia (docs/product/specification.md). The
 * screens, the sign-in widget and the messages sent to a person (leave e-mail, the identity
 * service's codes and invitations) all use these.
 */
export const LANGUAGES = ['en', 'ms'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const languageSchema = z.enum(LANGUAGES);

/**
 * A person's language from a BCP 47 tag such as the identity account's `locale` attribute
 * (`ms`, `ms-MY`, `en-GB`): Bahasa Malaysia for Malay, else English, the default.
 */
export function languageOfLocale(locale: string | null | undefined): Language {
  return /^ms(-|_|$)/i.test(locale?.trim() ?? '') ? 'ms' : DEFAULT_LANGUAGE;
}

/** `PUT /api/me/language`: the language the portal writes to me in. */
export const myLanguageInputSchema = z.object({ language: languageSchema });
export type MyLanguageInput = z.infer<typeof myLanguageInputSchema>;
