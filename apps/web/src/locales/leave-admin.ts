import { addTexts } from '../lib/i18n';
import { leaveAdmin as en } from './en/leave-admin';
import { leaveAdmin as ms } from './ms/leave-admin';

/** The `leaveAdmin` namespace, its texts added in every language (see lib/i18n.ts). */
export const leaveAdminNs = addTexts('leaveAdmin', { en, ms });
