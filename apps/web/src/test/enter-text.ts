import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts a text in a field the way a paste does: one input event instead of one per key. Typing every
 * key is most of a long form's test time on a busy machine (CONTRIBUTING.md §5.6); type only the
 * texts a test is about, and enter the rest with this.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
