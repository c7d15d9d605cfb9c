import { addTexts } from '../lib/i18n';
import { irAdmin as en } from './en/ir-admin';
import { irAdmin as ms } from './ms/ir-admin';

/** The `irAdmin` namespace, its texts added in every language (see lib/i18n.ts). */
export const irAdminNs = addTexts('irAdmin', { en, ms });
