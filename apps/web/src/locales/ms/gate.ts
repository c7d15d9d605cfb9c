import type { gate as en } from '../en/gate';

export const gate: typeof en = {
  languageSwitch: 'Bahasa',
  languageNames: { en: 'English', ms: 'Bahasa Malaysia' },
  passwordChanged: 'Kata laluan anda telah ditukar. Log masuk dengan kata laluan baharu anda.',
};
