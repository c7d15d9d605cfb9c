import { addTexts } from '../lib/i18n';
import { itAdmin as en } from './en/it-admin';
import { itAdmin as ms } from './ms/it-admin';

/** The `itAdmin` namespace, its texts added in every language (see lib/i18n.ts). */
export const itAdminNs = addTexts('itAdmin', { en, ms });
