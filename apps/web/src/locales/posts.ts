import { addTexts } from '../lib/i18n';
import { posts as en } from './en/posts';
import { posts as ms } from './ms/posts';

/** The `posts` namespace, its texts added in every language (see lib/i18n.ts). */
export const postsNs = addTexts('posts', { en, ms });
