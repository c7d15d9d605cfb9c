import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { SendEmail } from '../../mail/outbox-mail';
import { createPostAdminViewService } from './posts-admin-views.service';
import { createPostAuthoringService } from './posts-authoring.service';
import { createPublishMailService } from './posts-publish-mail.service';
import { createPostReadingService } from './posts-reading.service';

export interface PostsModuleOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  /** The organisation's own department (`ORG_DEPARTMENT`), which an audience may name. */
  orgDepartment: string;
  publicUrl: string;
  sendEmail: SendEmail | undefined;
  /** How often publish e-mails that fell due are looked for (the mail loop in posts.routes.ts); a minute unless a test says. */
  mailIntervalMs?: number | undefined;
}

/**
 * The services of announcements and staff information (docs/product/screens.md §2 and §13,
 * decision record 0048), composed once for the route plugin: what the admin pages read, writing
 * posts, reading them, and the publish e-mail.
 */
export function createPostsServices(
  { database, identityAdmin, orgDepartment, publicUrl, sendEmail }: PostsModuleOptions,
  log: FastifyBaseLogger,
) {
  const publishMail = createPublishMailService({ database, identityAdmin, publicUrl, sendEmail, log });
  const adminViews = createPostAdminViewService({ database, identityAdmin, log });
  return {
    adminViews,
    authoring: createPostAuthoringService({ database, orgDepartment, publishMail, adminPost: adminViews.adminPost }),
    reading: createPostReadingService({ database }),
    publishMail,
  };
}
