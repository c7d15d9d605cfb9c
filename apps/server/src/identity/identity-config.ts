import type { IdentityHostSettings } from '@staff-portal/identity/config';
import type { SendEmail } from '@staff-portal/identity/outbox';
import type { Config } from '../config';
import { loadOrCreateAdminCredentials, loadOrCreateKeyEncryptionKey } from './admin-credentials';

/** The embedded identity service's settings, from the server's configuration and mail sender. */
export function identityConfigOf(config: Config, sendEmail: SendEmail | undefined): IdentityHostSettings {
  return {
    endpoint: config.identity.userPoolEndpoint ?? `${config.publicUrl}/identity`,
    signInUrl: config.publicUrl,
    region: config.identity.region,
    userPoolId: config.identity.userPoolId,
    clientId: config.identity.clientId,
    preventUserExistenceErrors: config.identity.preventUserExistenceErrors,
    logMessages: config.identity.logMessages,
    ...(config.identity.srpThreads === undefined ? {} : { srpThreads: config.identity.srpThreads }),
    adminCredentials: config.identity.adminCredentials ?? loadOrCreateAdminCredentials(config.dataDir),
    keyEncryptionKey: config.identity.keyEncryptionKey ?? loadOrCreateKeyEncryptionKey(config.dataDir),
    ...(sendEmail ? { sendEmail } : {}),
  };
}
