import { addTexts } from '../lib/i18n';
import { teamSpace as en } from './en/team-space';
import { teamSpace as ms } from './ms/team-space';

/** The `teamSpace` namespace, its texts added in every language (see lib/i18n.ts). */
export const teamSpaceNs = addTexts('teamSpace', { en, ms });
