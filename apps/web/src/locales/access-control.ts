import { addTexts } from '../lib/i18n';
import { accessControl as en } from './en/access-control';
import { accessControl as ms } from './ms/access-control';

/** The `accessControl` namespace, its texts added in every language (see lib/i18n.ts). */
export const accessControlNs = addTexts('accessControl', { en, ms });
