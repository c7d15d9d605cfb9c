import { addTexts } from '../lib/i18n';
import { account as en } from './en/account';
import { account as ms } from './ms/account';

/** The `account` namespace, its texts added in every language (see lib/i18n.ts). */
export const accountNs = addTexts('account', { en, ms });
