import { addTexts } from '../lib/i18n';
import { leave as en } from './en/leave';
import { leave as ms } from './ms/leave';

/** The `leave` namespace, its texts added in every language (see lib/i18n.ts). */
export const leaveNs = addTexts('leave', { en, ms });
