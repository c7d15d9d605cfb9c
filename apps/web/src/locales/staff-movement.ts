import { addTexts } from '../lib/i18n';
import { staffMovement as en } from './en/staff-movement';
import { staffMovement as ms } from './ms/staff-movement';

/** The `staffMovement` namespace, its texts added in every language (see lib/i18n.ts). */
export const staffMovementNs = addTexts('staffMovement', { en, ms });
