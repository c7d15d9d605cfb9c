import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/**
 * The demo accounts the server seeds on its first start (apps/server/src/seed), with the
 * password and admin key pair the e2e harness gives every server it starts.
 */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';

/** SigV4 key pair for the identity admin API (AdminUpdateUserAttributes and friends). */
export const ADMIN_ACCESS_KEY_ID = 'E2EADMINACCESSKEY01';
export const ADMIN_SECRET_ACCESS_KEY = 'e2e-admin-secret-access-key-0123456789';

/** Identity settings of the embedded defaults (apps/server/src/config.ts). */
export const USER_POOL_ID = 'ap-southeast-1_StaffPortal';
export const CLIENT_ID = 'staffportalweb';
export const REGION = 'ap-southeast-1';

/**
 * The AWS SDK's client for the embedded identity service of the server at `serverUrl`, one
 * attempt per call: signed with the admin key pair for the admin API (`admin: true`), or with
 * unused credentials for the public flows, which are not signed but the SDK still wants.
 * `destroy()` it when done.
 */
export function identityClient(serverUrl: string, { admin = false } = {}): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: REGION,
    endpoint: `${serverUrl}/identity`,
    credentials: admin
      ? { accessKeyId: ADMIN_ACCESS_KEY_ID, secretAccessKey: ADMIN_SECRET_ACCESS_KEY }
      : { accessKeyId: 'unused', secretAccessKey: 'unused' },
    maxAttempts: 1,
  });
}

/** One account per department (docs/product/specification.md §1), by the group it holds. */
export const accounts = {
  ITAdmin: 'itadmin@staffportal.example',
  HRAdmin: 'hradmin@staffportal.example',
  HR: 'hr@staffportal.example',
  IRAdmin: 'iradmin@staffportal.example',
  IR: 'ir@staffportal.example',
  /** The organisation's own department (ORG_DEPARTMENT, default UNION). */
  UNION: 'staff@staffportal.example',
  CLUB: 'club@staffportal.example',
  CREDIT_COOP: 'creditcoop@staffportal.example',
  GS_COOP: 'gscoop@staffportal.example',
} as const;

/** ITAdmin, HRAdmin and IRAdmin at once. */
export const SUPER_ADMIN = 'superadmin@staffportal.example';
/** Invited: the first sign-in must set a new password (FORCE_CHANGE_PASSWORD). */
export const INVITED = 'newstaff@staffportal.example';
/** Must set up an authenticator app at the first sign-in (MFA_SETUP). */
export const MFA_REQUIRED = 'mfa@staffportal.example';

/** Signs in with a code texted to +60123456789 (SMS MFA). */
export const SMS_MFA = 'sms@staffportal.example';
/** E-mail not verified: after sign-in the widget asks to verify it (skippable). */
export const UNVERIFIED = 'unverified@staffportal.example';
/** UNCONFIRMED: signing in sends a confirmation code and asks for it. */
export const UNCONFIRMED = 'unconfirmed@staffportal.example';
