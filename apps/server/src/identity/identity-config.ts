import type { IdentityHostSettings } from '@staff-portal/identity/config';
import type { Config } from '../config';
import { loadOrCreateAdminCredentials } from './admin-credentials';
import { createSmtpSender } from './smtp';

/** The embedded identity service's settings, from the server's configuration. */
export async function identityConfigOf(config: Config): Promise<IdentityHostSettings> {
  return {
    endpoint: config.identity.userPoolEndpoint ?? `${config.publicUrl}/identity`,
    region: config.identity.region,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    preventUserExistenceErrors: config.identity.preventUserExistenceErrors,
    adminCredentials: config.identity.adminCredentials ?? loadOrCreateAdminCredentials(config.dataDir),
    ...(config.mail.smtpUrl ? { sendEmail: await createSmtpSender(config.mail.smtpUrl, config.mail.from) } : {}),
  };
}
