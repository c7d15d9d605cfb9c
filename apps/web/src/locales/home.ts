import { addTexts } from '../lib/i18n';
import { home as en } from './en/home';
import { home as ms } from './ms/home';

/** The `home` namespace, its texts added in every language (see lib/i18n.ts). */
export const homeNs = addTexts('home', { en, ms });
