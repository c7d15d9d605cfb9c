import { addTexts } from '../lib/i18n';
import { ir as en } from './en/ir';
import { ir as ms } from './ms/ir';

/** The `ir` namespace, its texts added in every language (see lib/i18n.ts). */
export const irNs = addTexts('ir', { en, ms });
