import type { Language } from '@staff-portal/shared/languages';
import { useMutation } from '@tanstack/react-query';
import { useQuietApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/** `PUT /me/language`: the language the portal's e-mail reaches me in (decision record 0032). */
export async function saveMyLanguage(client: ApiClient, language: Language): Promise<void> {
  await client.put('/me/language', { language });
}

/** Quiet: the language switch says once, itself, when the choice could not be kept. */
export function useSaveMyLanguage() {
  const { leave } = useQuietApiClient();
  return useMutation({ mutationFn: (language: Language) => saveMyLanguage(leave, language) });
}
