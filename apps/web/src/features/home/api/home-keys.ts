/**
 * Query keys of `GET /home`. The root sits under the leave API's (`['leave', ...]`), as the team
 * space's does: a leave request or a decision made elsewhere invalidates `['leave']`, and so
 * refreshes Home's leave glance too. Opening a post invalidates it as well (the unread marks).
 */
export const homeKeys = {
  all: ['leave', 'home'] as const,
};
